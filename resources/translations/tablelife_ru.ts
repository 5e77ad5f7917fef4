<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
    <context>
        <name>AboutDialog</name>
        <message>
            <source>About Tablelife</source>
            <translation>О программе Tablelife</translation>
        </message>
        <message>
            <source>Life and poison tracker for Magic: The Gathering.</source>
            <translation>Счётчик жизней и яда для Magic: The Gathering.</translation>
        </message>
        <message>
            <source>Version:</source>
            <translation>Версия:</translation>
        </message>
        <message>
            <source>Licence:</source>
            <translation>Лицензия:</translation>
        </message>
        <message>
            <source>%1 (free software)</source>
            <translation>%1 (свободная программа)</translation>
        </message>
        <message>
            <source>Data folder:</source>
            <translation>Папка данных:</translation>
        </message>
        <message>
            <source>Journal schema:</source>
            <translation>Схема журнала:</translation>
        </message>
        <message>
            <source>%1 (this journal; Tablelife %2 writes schema %3)</source>
            <translation>%1 (у этого журнала; Tablelife %2 пишет схему %3)</translation>
        </message>
        <message>
            <source>Built with:</source>
            <translation>Собрано с:</translation>
        </message>
        <message>
            <source>&amp;Open data folder</source>
            <translation>&amp;Открыть папку данных</translation>
        </message>
        <message>
            <source>%1 does not exist yet: no game has been saved.</source>
            <translation>Папки %1 ещё нет: ни одна партия не сохранена.</translation>
        </message>
        <message>
            <source>No program here opens folders. The games are in %1.</source>
            <translation>Здесь нет программы, которая открывает папки. Партии лежат в %1.</translation>
        </message>
    </context>
    <context>
        <name>CommanderCounter</name>
        <message>
            <source>Combat damage from %1’s partner: %2 of %3, %4 pending.</source>
            <translation>Боевой урон от второго командира (%1): %2 из %3, ещё %4 ожидает.</translation>
        </message>
        <message>
            <source>Combat damage from %1’s partner: %2 of %3.</source>
            <translation>Боевой урон от второго командира (%1): %2 из %3.</translation>
        </message>
        <message>
            <source>Combat damage from %1’s commander: %2 of %3, %4 pending.</source>
            <translation>Боевой урон от командира (%1): %2 из %3, ещё %4 ожидает.</translation>
        </message>
        <message>
            <source>Combat damage from %1’s commander: %2 of %3.</source>
            <translation>Боевой урон от командира (%1): %2 из %3.</translation>
        </message>
        <message>
            <source>Click adds 1, right-click takes a pending 1 back (CR 903.10a).</source>
            <translation>Щелчок добавляет 1, правый щелчок снимает 1 из ожидающих (CR 903.10a).</translation>
        </message>
    </context>
    <context>
        <name>CorrectionDialog</name>
        <message>
            <source>Correct a result</source>
            <translation>Исправить результат</translation>
        </message>
        <message>
            <source>Round</source>
            <translation>Раунд</translation>
        </message>
        <message>
            <source>Table</source>
            <translation>Стол</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>Результат</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>Партии</translation>
        </message>
        <message>
            <source>won-lost(-drawn) from the winner's side, as 2-1; empty: none</source>
            <translation>выигрыши-поражения(-ничьи) со стороны победителя, например 2-1; пусто: без партий</translation>
        </message>
        <message>
            <source>Table %1: %2</source>
            <translation>Стол %1: %2</translation>
        </message>
        <message>
            <source>%1 won</source>
            <translation>Победа: %1</translation>
        </message>
        <message>
            <source>A draw</source>
            <translation>Ничья</translation>
        </message>
        <message>
            <source>That round has no table to correct.</source>
            <translation>В этом раунде нет стола, который можно исправить.</translation>
        </message>
    </context>
    <context>
        <name>Desk</name>
        <message>
            <source>Playing</source>
            <translation>Идёт игра</translation>
        </message>
        <message>
            <source>Needs a result</source>
            <translation>Нужен результат</translation>
        </message>
        <message>
            <source> v </source>
            <comment>between the teams at a table</comment>
            <translation> – </translation>
        </message>
        <message>
            <source>Bye</source>
            <translation>Бай</translation>
        </message>
        <message>
            <source>Finished: %1 won (corrected)</source>
            <translation>Победа: %1 (исправлено)</translation>
        </message>
        <message>
            <source>Finished: %1 won</source>
            <translation>Победа: %1</translation>
        </message>
        <message>
            <source>Finished: draw (corrected)</source>
            <translation>Ничья (исправлено)</translation>
        </message>
        <message>
            <source>Finished: draw</source>
            <translation>Ничья</translation>
        </message>
        <message>
            <source>Sudden death</source>
            <translation>Внезапная смерть</translation>
        </message>
        <message>
            <source>Time called</source>
            <translation>Время вышло</translation>
        </message>
        <message>
            <source>Additional turn %1 of %2</source>
            <translation>Доп. ход %1 из %2</translation>
        </message>
        <message>
            <source>won</source>
            <comment>a team's status on its card</comment>
            <translation>победа</translation>
        </message>
        <message>
            <source>out</source>
            <comment>a team's status on its card</comment>
            <translation>выбыла</translation>
        </message>
        <message>
            <source>draw</source>
            <comment>a team's status on its card</comment>
            <translation>ничья</translation>
        </message>
        <message>
            <source>Finished</source>
            <translation>Завершено</translation>
        </message>
    </context>
    <context>
        <name>DeskFilter</name>
        <message>
            <source>All</source>
            <translation>Все</translation>
        </message>
        <message>
            <source>Playing</source>
            <translation>Играют</translation>
        </message>
        <message>
            <source>Needs a result</source>
            <translation>Нужен результат</translation>
        </message>
        <message>
            <source>Finished</source>
            <translation>Закончили</translation>
        </message>
    </context>
    <context>
        <name>DeskWindow</name>
        <message>
            <source>The event is over: Ctrl+T shows the standings.</source>
            <translation>Турнир окончен: Ctrl+T покажет турнирную таблицу.</translation>
        </message>
        <message>
            <source>Every table has its result: Ctrl+P pairs the next round.</source>
            <translation>У всех столов есть результат: Ctrl+P составит пары следующего раунда.</translation>
        </message>
        <message>
            <source>Tablelife desk — %1</source>
            <translation>Пульт Tablelife — %1</translation>
        </message>
        <message>
            <source>Which clock is right?</source>
            <translation>Какие часы правы?</translation>
        </message>
        <message>
            <source>The event's last entry was made at %1, %2 ahead of this computer's clock, which says %3.</source>
            <translation>Последняя запись турнира сделана %1 — на %2 позже, чем показывают часы этого компьютера: %3.</translation>
        </message>
        <message>
            <source>If the computer's clock is right, the next entries are made at its time, and the correction is kept in the event's log. If the event's time is right, set the computer's clock; until then the desk goes on from the event's last entry.</source>
            <translation>Если правы часы компьютера, следующие записи будут сделаны по ним, а исправление останется в журнале турнира. Если право время турнира, переведите часы компьютера; до тех пор стол судьи продолжает отсчёт от последней записи турнира.</translation>
        </message>
        <message>
            <source>The computer's clock</source>
            <translation>Часы компьютера</translation>
        </message>
        <message>
            <source>The event's time</source>
            <translation>Время турнира</translation>
        </message>
        <message>
            <source>The clock is corrected: the next entries are made at this computer's time.</source>
            <translation>Часы исправлены: следующие записи будут сделаны по времени этого компьютера.</translation>
        </message>
        <message numerus="yes">
            <source>%n day(s)</source>
            <translation>
                <numerusform>%n день</numerusform>
                <numerusform>%n дня</numerusform>
                <numerusform>%n дней</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n hour(s)</source>
            <translation>
                <numerusform>%n час</numerusform>
                <numerusform>%n часа</numerusform>
                <numerusform>%n часов</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n minute(s)</source>
            <translation>
                <numerusform>%n минуту</numerusform>
                <numerusform>%n минуты</numerusform>
                <numerusform>%n минут</numerusform>
            </translation>
        </message>
        <message>
            <source>Round clock</source>
            <translation>Часы раунда</translation>
        </message>
        <message>
            <source>−1 min</source>
            <translation>−1 мин</translation>
        </message>
        <message>
            <source>The round one minute shorter</source>
            <translation>Раунд на минуту короче</translation>
        </message>
        <message>
            <source>+1 min</source>
            <translation>+1 мин</translation>
        </message>
        <message>
            <source>The round one minute longer</source>
            <translation>Раунд на минуту длиннее</translation>
        </message>
        <message>
            <source>Mute</source>
            <translation>Без звука</translation>
        </message>
        <message>
            <source>No sound when time is called (the banner still shows)</source>
            <translation>Без звука, когда время выходит (баннер всё равно появится)</translation>
        </message>
        <message>
            <source>← Board (Esc)</source>
            <translation>← Столы (Esc)</translation>
        </message>
        <message>
            <source>%1 · a table number opens it · F1 lists all</source>
            <translation>%1 · номер стола открывает его · F1 — все команды</translation>
        </message>
        <message>
            <source>Command</source>
            <translation>Команда</translation>
        </message>
        <message>
            <source>&amp;Event</source>
            <translation>&amp;Турнир</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Правка</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Вид</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Справка</translation>
        </message>
        <message>
            <source>Scoreboard &amp;full screen on</source>
            <translation>Табло во весь &amp;экран на</translation>
        </message>
        <message>
            <source>&amp;New event…</source>
            <translation>&amp;Новый турнир…</translation>
        </message>
        <message>
            <source>&amp;Pair the next round</source>
            <translation>&amp;Пары следующего раунда</translation>
        </message>
        <message>
            <source>Enter pairings by &amp;hand…</source>
            <translation>Ввести пары &amp;вручную…</translation>
        </message>
        <message>
            <source>Ta&amp;ke back this round's pairings…</source>
            <translation>&amp;Отменить пары этого раунда…</translation>
        </message>
        <message>
            <source>Co&amp;rrect a result…</source>
            <translation>Исп&amp;равить результат…</translation>
        </message>
        <message>
            <source>&amp;Standings…</source>
            <translation>&amp;Турнирная таблица…</translation>
        </message>
        <message>
            <source>Print pairings by na&amp;me…</source>
            <translation>Печать пар по &amp;именам…</translation>
        </message>
        <message>
            <source>Print pairings by &amp;table…</source>
            <translation>Печать пар по сто&amp;лам…</translation>
        </message>
        <message>
            <source>Print result s&amp;lips…</source>
            <translation>Печать &amp;бланков результатов…</translation>
        </message>
        <message>
            <source>&amp;Add a late team…</source>
            <translation>&amp;Добавить опоздавшую команду…</translation>
        </message>
        <message>
            <source>&amp;Drop a team…</source>
            <translation>&amp;Снять команду…</translation>
        </message>
        <message>
            <source>&amp;Bring back a dropped team…</source>
            <translation>&amp;Вернуть снятую команду…</translation>
        </message>
        <message>
            <source>S&amp;ettings…</source>
            <translation>Н&amp;астройки…</translation>
        </message>
        <message>
            <source>Start or pause the &amp;clock</source>
            <translation>&amp;Часы: старт или пауза</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>В&amp;ыход</translation>
        </message>
        <message>
            <source>&amp;Undo at the open table</source>
            <translation>&amp;Отменить за открытым столом</translation>
        </message>
        <message>
            <source>&amp;Redo at the open table</source>
            <translation>&amp;Повторить за открытым столом</translation>
        </message>
        <message>
            <source>&amp;Scoreboard</source>
            <translation>Т&amp;абло</translation>
        </message>
        <message>
            <source>F&amp;eature the open table on the scoreboard</source>
            <translation>Открытый стол &amp;крупно на табло</translation>
        </message>
        <message>
            <source>Pairings by &amp;name on the scoreboard</source>
            <translation>Пары по &amp;именам на табло</translation>
        </message>
        <message>
            <source>&amp;Full screen</source>
            <translation>&amp;Полный экран</translation>
        </message>
        <message>
            <source>&amp;Commands…</source>
            <translation>&amp;Команды…</translation>
        </message>
        <message>
            <source>&amp;About Tablelife</source>
            <translation>&amp;О программе Tablelife</translation>
        </message>
        <message>
            <source>back to the board</source>
            <translation>назад к столам</translation>
        </message>
        <message>
            <source>focus the command bar</source>
            <translation>в командную строку</translation>
        </message>
        <message>
            <source>No round yet</source>
            <translation>Раундов ещё нет</translation>
        </message>
        <message>
            <source>Round %1 (single elimination)</source>
            <translation>Раунд %1 (на выбывание)</translation>
        </message>
        <message>
            <source>Round %1</source>
            <translation>Раунд %1</translation>
        </message>
        <message>
            <source>Pause (F5)</source>
            <translation>Пауза (F5)</translation>
        </message>
        <message>
            <source>Resume (F5)</source>
            <translation>Продолжить (F5)</translation>
        </message>
        <message>
            <source>Start (F5)</source>
            <translation>Старт (F5)</translation>
        </message>
        <message>
            <source>Ctrl+P pairs the first round. F1 lists the commands.</source>
            <translation>Ctrl+P — пары первого раунда. F1 — список команд.</translation>
        </message>
        <message>
            <source>F5 starts the round clock. F1 lists the commands.</source>
            <translation>F5 запускает часы раунда. F1 — список команд.</translation>
        </message>
        <message>
            <source>Type a table number and Enter to open it. F1 lists the commands.</source>
            <translation>Номер стола и Enter открывают стол. F1 — список команд.</translation>
        </message>
        <message>
            <source>TIME! Tables %1: the active player finishes the turn, then the additional turns begin (MTR 2.4).</source>
            <translation>ВРЕМЯ! Столы %1: активный игрок заканчивает ход, затем начинаются дополнительные ходы (MTR 2.4).</translation>
        </message>
        <message>
            <source>TIME at table %1: the active player finishes the turn, then the additional turns begin (MTR 2.4).</source>
            <translation>ВРЕМЯ за столом %1: активный игрок заканчивает ход, затем начинаются дополнительные ходы (MTR 2.4).</translation>
        </message>
        <message>
            <source>Done: %1</source>
            <translation>Готово: %1</translation>
        </message>
        <message>
            <source>Table %1: %2. Keys act on this table; Esc returns to the board.</source>
            <translation>Стол %1: %2. Клавиши действуют на этот стол; Esc — назад к столам.</translation>
        </message>
        <message>
            <source>The board. Type a table number and Enter to open it.</source>
            <translation>Все столы. Номер стола и Enter открывают стол.</translation>
        </message>
        <message>
            <source>Dropped the pending taps.</source>
            <translation>Ожидающие нажатия сброшены.</translation>
        </message>
        <message>
            <source>Open a table first: undo and redo act on the open table only.</source>
            <translation>Сначала откройте стол: отмена и повтор действуют только за открытым столом.</translation>
        </message>
        <message>
            <source>&amp;Undo %1 at table %2</source>
            <translation>&amp;Отменить %1 за столом %2</translation>
        </message>
        <message>
            <source>&amp;Redo %1 at table %2</source>
            <translation>&amp;Повторить %1 за столом %2</translation>
        </message>
        <message>
            <source>Round %1 is paired: F5 starts its clock.</source>
            <translation>Пары раунда %1 готовы: F5 запускает часы.</translation>
        </message>
        <message>
            <source>%1 joins from the next round.</source>
            <translation>%1 играет со следующего раунда.</translation>
        </message>
        <message>
            <source>The tables change from the next round paired on.</source>
            <translation>Столы изменятся со следующего раунда.</translation>
        </message>
        <message>
            <source>No round has been paired yet.</source>
            <translation>Ни один раунд ещё не составлен.</translation>
        </message>
        <message>
            <source>Take back the pairings</source>
            <translation>Отменить пары</translation>
        </message>
        <message>
            <source>Take back round %1's pairings? Its tables and its clock go; Ctrl+P pairs it again.</source>
            <translation>Отменить пары раунда %1? Его столы и часы будут удалены; Ctrl+P составит пары заново.</translation>
        </message>
        <message>
            <source>Round %1's pairings are taken back.</source>
            <translation>Пары раунда %1 отменены.</translation>
        </message>
        <message>
            <source>%1 round %2 pairings by name.pdf</source>
            <translation>%1 раунд %2 пары по именам.pdf</translation>
        </message>
        <message>
            <source>%1 round %2 pairings by table.pdf</source>
            <translation>%1 раунд %2 пары по столам.pdf</translation>
        </message>
        <message>
            <source>%1 round %2 result slips.pdf</source>
            <translation>%1 раунд %2 бланки результатов.pdf</translation>
        </message>
        <message>
            <source>Print to PDF</source>
            <translation>Печать в PDF</translation>
        </message>
        <message>
            <source>This round has no table that needs a result slip.</source>
            <translation>В этом раунде нет стола, которому нужен бланк результата.</translation>
        </message>
        <message>
            <source>%1 could not be written: %2</source>
            <translation>Не удалось записать %1: %2</translation>
        </message>
        <message>
            <source>Printed to %1.</source>
            <translation>Напечатано в %1.</translation>
        </message>
        <message>
            <source>Drop a team</source>
            <translation>Снять команду</translation>
        </message>
        <message>
            <source>Bring back a team</source>
            <translation>Вернуть команду</translation>
        </message>
        <message>
            <source>Which team comes back?</source>
            <translation>Какая команда возвращается?</translation>
        </message>
        <message>
            <source>The scoreboard shows the pairings by name.</source>
            <translation>Табло показывает пары по именам.</translation>
        </message>
        <message>
            <source>table 12 begins its next additional turn (MTR 2.4; -1 takes one back); at a tracked table, passing the turn (N) counts them</source>
            <translation>стол 12 начинает следующий дополнительный ход (MTR 2.4; -1 отменяет один); за отслеживаемым столом их отсчитывает передача хода (N)</translation>
        </message>
        <message>
            <source>F5 starts or pauses the clock, Ctrl+P pairs the next round, Ctrl+T shows the standings, F7 the scoreboard, F9 the pairings by name on it, Esc goes back to the board.</source>
            <translation>F5 запускает или останавливает часы, Ctrl+P — пары следующего раунда, Ctrl+T — турнирная таблица, F7 — табло, F9 — пары по именам на нём, Esc — назад к столам.</translation>
        </message>
        <message>
            <source>No team has dropped.</source>
            <translation>Ни одна команда не снята.</translation>
        </message>
        <message>
            <source>%1 is back, paired from the next round.</source>
            <translation>%1 снова в турнире, в паре со следующего раунда.</translation>
        </message>
        <message>
            <source>Which team drops?</source>
            <translation>Какая команда уходит с турнира?</translation>
        </message>
        <message>
            <source>Before round 1</source>
            <translation>До первого раунда</translation>
        </message>
        <message>
            <source>After round %1</source>
            <translation>После раунда %1</translation>
        </message>
        <message>
            <source>During round %1, with its results so far</source>
            <translation>Во время раунда %1, с его результатами на сейчас</translation>
        </message>
        <message>
            <source>%1 has dropped; it stays in the standings.</source>
            <translation>%1 уходит с турнира; в турнирной таблице команда остаётся.</translation>
        </message>
        <message>
            <source>The scoreboard shows every table.</source>
            <translation>На табло все столы.</translation>
        </message>
        <message>
            <source>The scoreboard features table %1.</source>
            <translation>На табло крупно стол %1.</translation>
        </message>
        <message>
            <source>Desk commands</source>
            <translation>Команды пульта</translation>
        </message>
        <message>
            <source>Type in the bar at the bottom, then Enter.</source>
            <translation>Наберите команду в строке внизу и нажмите Enter.</translation>
        </message>
        <message>
            <source>open table 12</source>
            <translation>открыть стол 12</translation>
        </message>
        <message>
            <source>team a of table 12 loses 3 life</source>
            <translation>команда a за столом 12 теряет 3 жизни</translation>
        </message>
        <message>
            <source>team b of table 12 gains 2 life</source>
            <translation>команда b за столом 12 получает 2 жизни</translation>
        </message>
        <message>
            <source>team b gets 2 poison counters (-1 removes one)</source>
            <translation>команда b получает 2 счётчика яда (-1 снимает один)</translation>
        </message>
        <message>
            <source>table 12: team a won</source>
            <translation>стол 12: победила команда a</translation>
        </message>
        <message>
            <source>table 12: a draw</source>
            <translation>стол 12: ничья</translation>
        </message>
        <message>
            <source>table 12: its result taken back (typed by mistake)</source>
            <translation>стол 12: результат отменён (введён по ошибке)</translation>
        </message>
        <message>
            <source>table 12 gets 4 more minutes (MTR 2.6)</source>
            <translation>стол 12 получает продление на 4 минуты (MTR 2.6)</translation>
        </message>
        <message>
            <source>undo the last change at table 12</source>
            <translation>отменить последнее изменение за столом 12</translation>
        </message>
        <message>
            <source>before table 12's first change: the team that chooses draws, so the other plays first (MTR 2.2; 12 play: it plays first, as unless told)</source>
            <translation>до первого изменения за столом 12: выбирающая команда ходит второй, первой ходит другая (MTR 2.2; 12 play: выбирающая ходит первой, как и без указания)</translation>
        </message>
        <message>
            <source>Type the commands exactly as shown.</source>
            <translation>Команды набираются латинскими буквами, в точности как показано (с русской раскладкой те же клавиши тоже годятся: «12 ф -3» — это 12 a -3).</translation>
        </message>
        <message>
            <source>Teams are letters in seat order: a is the first team at the table, b the second.</source>
            <translation>Команды за столом — буквы в порядке мест: a — первая команда, b — вторая.</translation>
        </message>
        <message>
            <source>best of three: team a won, 2 games to 1 (won-lost, or won-lost-drawn)</source>
            <translation>до двух побед: команда a выиграла со счётом 2:1 по партиям (победы-поражения или победы-поражения-ничьи)</translation>
        </message>
    </context>
    <context>
        <name>EventDialogs</name>
        <message>
            <source>%1 (dropped)</source>
            <translation>%1 (выбыла)</translation>
        </message>
        <message>
            <source>Rank</source>
            <translation>Место</translation>
        </message>
        <message>
            <source>Team</source>
            <translation>Команда</translation>
        </message>
        <message>
            <source>Points</source>
            <translation>Очки</translation>
        </message>
        <message>
            <source>W-L-D</source>
            <comment>wins, losses, draws</comment>
            <translation>В-П-Н</translation>
        </message>
        <message>
            <source>MW%</source>
            <comment>match-win %</comment>
            <translation>MW%</translation>
        </message>
        <message>
            <source>OMW%</source>
            <comment>opponents' match-win %</comment>
            <translation>OMW%</translation>
        </message>
        <message>
            <source>GW%</source>
            <comment>game-win %</comment>
            <translation>GW%</translation>
        </message>
        <message>
            <source>OGW%</source>
            <comment>opponents' game-win %</comment>
            <translation>OGW%</translation>
        </message>
        <message>
            <source>Champion: %1 · Finalist: %2</source>
            <translation>Чемпион: %1 · Финалист: %2</translation>
        </message>
        <message>
            <source>Ranked by points, then opponents' match-win %, game-win %, opponents' game-win % (MTR 3.1, Appendix C).</source>
            <translation>Места по очкам, затем по проценту побед соперников в матчах (OMW%), проценту выигранных партий (GW%) и проценту выигранных партий соперников (OGW%) (MTR 3.1, приложение C).</translation>
        </message>
    </context>
    <context>
        <name>EventModel</name>
        <message>
            <source>Table %1: the additional turns are over and the game is unfinished, so the match is a draw (MTR 2.4).</source>
            <translation>Стол %1: дополнительные ходы сыграны, а партия не окончена, поэтому матч — ничья (MTR 2.4).</translation>
        </message>
        <message>
            <source>No round has been paired yet.</source>
            <translation>Пар ещё нет ни в одном раунде.</translation>
        </message>
        <message>
            <source>Table %1: its game was drawn, but the result typed for it stands.</source>
            <translation>Стол %1: партия закончилась ничьей, но введённый для стола результат остаётся.</translation>
        </message>
        <message>
            <source>Table %1: its game is over, but the result typed for it stands.</source>
            <translation>Стол %1: партия окончена, но введённый для стола результат остаётся.</translation>
        </message>
        <message>
            <source>Table %1's result comes from its tracked game: type %2 undo to take the game's last event back.</source>
            <translation>Результат стола %1 дала записанная партия: чтобы отменить её последнее действие, введите %2 undo.</translation>
        </message>
        <message>
            <source>Random pick: %1 goes first.</source>
            <translation>Случайный выбор: первый ход — %1.</translation>
        </message>
        <message>
            <source>picked at random to choose play or draw (MTR 2.2)</source>
            <translation>выбор, кто ходит первым, выпал по жребию (MTR 2.2)</translation>
        </message>
        <message>
            <source>lost the last game, so it chooses (MTR 2.2)</source>
            <translation>выбор за стороной, проигравшей прошлую партию (MTR 2.2)</translation>
        </message>
        <message>
            <source>chose last, and the last game was a draw (MTR 2.2)</source>
            <translation>прошлая партия — ничья, выбор за той же стороной (MTR 2.2)</translation>
        </message>
        <message>
            <source>%1: %2. It draws, so %3 goes first.</source>
            <translation>%1: %2. Она выбрала ходить второй, первый ход — %3.</translation>
        </message>
        <message>
            <source>%1 chose play or draw (MTR 2.2): %2 goes first.</source>
            <translation>%1: выбор хода сделан (MTR 2.2), первый ход — %2.</translation>
        </message>
        <message numerus="yes">
            <source>Table %1: %2 has %n poison counter(s), so %3 can't be removed.</source>
            <translation>
                <numerusform>Стол %1: %2 — %n жетон яда, снять %3 нельзя.</numerusform>
                <numerusform>Стол %1: %2 — %n жетона яда, снять %3 нельзя.</numerusform>
                <numerusform>Стол %1: %2 — %n жетонов яда, снять %3 нельзя.</numerusform>
            </translation>
        </message>
        <message>
            <source>Table %1: %2</source>
            <translation>Стол %1: %2</translation>
        </message>
        <message>
            <source>Other devices' steps could not be read: %1</source>
            <translation>Не удалось прочитать шаги других устройств: %1</translation>
        </message>
        <message>
            <source>%1 Other devices' steps show here again once the server answers; this desk tries every second.</source>
            <translation>%1 Шаги других устройств снова появятся здесь, когда сервер ответит; этот стол пробует каждую секунду.</translation>
        </message>
        <message>
            <source>Table %1 is being played at %2: it is shown here as it goes, read-only, until that device leaves the table.</source>
            <translation>За столом %1 играют на устройстве %2: здесь он показан по ходу игры, только для чтения, пока то устройство не покинет стол.</translation>
        </message>
        <message>
            <source>Table %1: the teams at the top are tied on life, so play goes on; a team without the highest life total loses (MTR 2.4).</source>
            <translation>Стол %1: у лидирующих команд поровну жизни, игра продолжается; команда, у которой жизни меньше, чем у лидера, проигрывает (MTR 2.4).</translation>
        </message>
        <message>
            <source>Table %1: the additional turns are over. The team with the highest life total wins (MTR 2.4): enter the result.</source>
            <translation>Стол %1: дополнительные ходы закончились. Побеждает команда с наибольшим числом жизней (MTR 2.4): введите результат.</translation>
        </message>
        <message>
            <source>Table %1 has no team %2.</source>
            <translation>За столом %1 нет команды %2.</translation>
        </message>
        <message>
            <source>has the better Swiss standing, so it chooses (MTR 2.2)</source>
            <translation>выбор за стороной с лучшим местом после швейцарских раундов (MTR 2.2)</translation>
        </message>
        <message>
            <source>%1: %2. It plays first (%4 draw if it draws).</source>
            <translation>%1: %2. Первый ход — за ней (%4 draw, если она выбирает ходить второй).</translation>
        </message>
        <message>
            <source>Sudden death (MTR 2.4): a team without the highest life total loses.</source>
            <translation>Внезапная смерть (MTR 2.4): команда, у которой не наибольшее количество жизней, проигрывает.</translation>
        </message>
        <message numerus="yes">
            <source>Time (MTR 2.4): this turn finishes, then %n additional turn(s); N counts them.</source>
            <translation>
                <numerusform>Время (MTR 2.4): этот ход доигрывается, затем %n дополнительный ход; N отсчитывает их.</numerusform>
                <numerusform>Время (MTR 2.4): этот ход доигрывается, затем %n дополнительных хода; N отсчитывает их.</numerusform>
                <numerusform>Время (MTR 2.4): этот ход доигрывается, затем %n дополнительных ходов; N отсчитывает их.</numerusform>
            </translation>
        </message>
        <message>
            <source>Additional turn %1 of %2: the last (MTR 2.4).</source>
            <translation>Дополнительный ход %1 из %2: последний (MTR 2.4).</translation>
        </message>
        <message>
            <source>Additional turn %1 of %2 (MTR 2.4).</source>
            <translation>Дополнительный ход %1 из %2 (MTR 2.4).</translation>
        </message>
        <message>
            <source>The additional turns are over (MTR 2.4).</source>
            <translation>Дополнительные ходы закончились (MTR 2.4).</translation>
        </message>
        <message>
            <source>Table %1: the game is a draw with time left, and a drawn game doesn't decide the match, so a new game starts (MTR 2.1).</source>
            <translation>Стол %1: ничья, а время ещё есть; ничья не решает матч, поэтому начинается новая партия (MTR 2.1).</translation>
        </message>
        <message>
            <source>Table %1's game has begun: who goes first can't change now.</source>
            <translation>Партия за столом %1 уже началась: кто ходит первым, уже не изменить.</translation>
        </message>
        <message>
            <source>Table %1's game has no play-or-draw choice to change.</source>
            <translation>У партии за столом %1 нет выбора хода, который можно изменить.</translation>
        </message>
        <message>
            <source>Table %1: %2 won.</source>
            <translation>Стол %1: победа — %2.</translation>
        </message>
        <message>
            <source>Table %1: a draw.</source>
            <translation>Стол %1: ничья.</translation>
        </message>
        <message>
            <source>Table %1: the typed result is taken back, and its game's result stands.</source>
            <translation>Стол %1: введённый результат отменён, действует результат партии.</translation>
        </message>
        <message>
            <source>Table %1's game could not be read: %2</source>
            <translation>Партию стола %1 не удалось прочитать: %2</translation>
        </message>
        <message>
            <source>Table %1: the game goes on, so its result was taken back.</source>
            <translation>Стол %1: партия продолжается, результат отменён.</translation>
        </message>
        <message>
            <source>Table %1: the game is a draw, and a single-elimination match can't end in one (MTR 2.4): a new game starts at the table.</source>
            <translation>Стол %1: партия закончилась ничьей, а матч на выбывание ничьей закончиться не может (MTR 2.4): за столом начинается новая партия.</translation>
        </message>
        <message>
            <source>Table %1: the game is a draw with time left, so a new game starts (MTR 9.1).</source>
            <translation>Стол %1: ничья, а время ещё есть, поэтому начинается новая партия (MTR 9.1).</translation>
        </message>
        <message>
            <source>Table %1 has no tracked game to undo.</source>
            <translation>За столом %1 нет записанной партии: отменять нечего.</translation>
        </message>
        <message>
            <source>Table %1 has nothing to undo.</source>
            <translation>За столом %1 нечего отменять.</translation>
        </message>
        <message>
            <source>Table %1 plays best of %2: type the games too, won-lost(-drawn) from the winner's side, as in %1 result a 2-1.</source>
            <translation>За столом %1 матч до %2 партий: укажите и счёт по партиям, победы-поражения(-ничьи) победителя, например %1 result a 2-1.</translation>
        </message>
        <message>
            <source>Table %1: %2 wins the match, %3.</source>
            <translation>Стол %1: матч выиграла команда %2, %3.</translation>
        </message>
        <message>
            <source>Table %1: game %2 is a draw, %3-%4: the next game begins.</source>
            <translation>Стол %1: партия %2 — ничья, %3-%4: начинается следующая партия.</translation>
        </message>
        <message>
            <source>Table %1: game %2 to %3, %4-%5: the next game begins.</source>
            <translation>Стол %1: партия %2 за командой %3, %4-%5: начинается следующая партия.</translation>
        </message>
        <message>
            <source>Table %1: the match is a draw, %2.</source>
            <translation>Стол %1: матч окончен вничью, %2.</translation>
        </message>
        <message>
            <source>This event can't be trusted: %1 It is shown read-only, as the entries before that one make it; tablelife verify lists what is wrong.</source>
            <translation>Этому турниру нельзя доверять: %1 Он показан только для чтения, таким, каким его делают записи до этой; tablelife verify перечислит, что не так.</translation>
        </message>
        <message>
            <source>Table %1: the additional turns are over, and the game in progress is a draw (MTR 2.4). Type the match's result with its games, as in %1 result a 1-0-1.</source>
            <translation>Стол %1: дополнительные ходы окончены, идущая партия — ничья (MTR 2.4). Введите результат матча со счётом по партиям, например %1 result a 1-0-1.</translation>
        </message>
    </context>
    <context>
        <name>EventRules</name>
        <message>
            <source>%1 must be a number of seconds, not %2.</source>
            <translation>%1 — это число секунд, а не %2.</translation>
        </message>
        <message>
            <source>A round lasts a positive number of minutes, not %1.</source>
            <translation>Раунд длится положительное число минут, а не %1.</translation>
        </message>
        <message>
            <source>A clock that has not started can't be running.</source>
            <translation>Незапущенные часы не могут идти.</translation>
        </message>
        <message>
            <source>The round clock has already started.</source>
            <translation>Часы раунда уже запущены.</translation>
        </message>
        <message>
            <source>The round clock is not running, so it can't be paused.</source>
            <translation>Часы раунда не идут, их нельзя поставить на паузу.</translation>
        </message>
        <message>
            <source>Only a paused round clock can be resumed.</source>
            <translation>Продолжить можно только часы на паузе.</translation>
        </message>
        <message>
            <source>A pause can't last less than no time, as %1 seconds would.</source>
            <translation>Пауза не может быть короче нуля, а %1 с — короче.</translation>
        </message>
        <message>
            <source>%1 is not %2: type a whole number such as -3 or +2.</source>
            <translation>%1 — не %2: введите целое число, например -3 или +2.</translation>
        </message>
        <message>
            <source>%1 is too large to type here: at most %2.</source>
            <translation>%1 — слишком много: не больше %2.</translation>
        </message>
        <message>
            <source>%1 is not W-L-D, a match's games: type won-lost or won-lost-drawn from the winner's side, as in 2-1 or 2-1-1.</source>
            <translation>%1 — не счёт матча (W-L-D): введите победы-поражения или победы-поражения-ничьи со стороны победителя, например 2-1 или 2-1-1.</translation>
        </message>
        <message>
            <source>%1 is not a team: teams are letters a, b, c… in seat order.</source>
            <translation>%1 — не обозначение команды: команды за столом обозначаются буквами a, b, c… по порядку мест.</translation>
        </message>
        <message>
            <source>Type a table number first, such as 12 a -3 (F1 lists the commands).</source>
            <translation>Сначала введите номер стола, например 12 a -3 (F1 — список команд).</translation>
        </message>
        <message>
            <source>%1 is not a table number: start with one, as in 12 a -3.</source>
            <translation>%1 — не номер стола: начните с него, как в 12 a -3.</translation>
        </message>
        <message>
            <source>a number of minutes</source>
            <translation>число минут</translation>
        </message>
        <message>
            <source>an amount of life</source>
            <translation>количество жизней</translation>
        </message>
        <message>
            <source>A change of 0 life changes nothing.</source>
            <translation>Изменение на 0 жизней ничего не меняет.</translation>
        </message>
        <message>
            <source>Lost or gained? %1 %2 -%3 loses %3 life, %1 %2 +%3 gains it.</source>
            <translation>Отнять или прибавить? %1 %2 -%3 отнимает %3, %1 %2 +%3 прибавляет.</translation>
        </message>
        <message>
            <source>a number of poison counters</source>
            <translation>число счётчиков яда</translation>
        </message>
        <message>
            <source>0 poison counters change nothing.</source>
            <translation>0 счётчиков яда ничего не меняют.</translation>
        </message>
        <message>
            <source>Team %1 of table %2 needs an amount, as in %3 %4 -3.</source>
            <translation>Для команды %1 за столом %2 нужно число, например: %3 %4 -3.</translation>
        </message>
        <message>
            <source>Team %1 of table %2 needs a number of poison counters, as in %3 %4 poison 2.</source>
            <translation>Для команды %1 за столом %2 нужно число жетонов яда, например: %3 %4 poison 2.</translation>
        </message>
        <message>
            <source>%1 is not a command; try 12 a -3, 12 b poison 2, 12 result a, 12 ext 4, 12 turn or 12 undo (F1 lists them).</source>
            <translation>Не удалось разобрать %1; попробуйте 12 a -3, 12 b poison 2, 12 result a, 12 ext 4, 12 turn или 12 undo (F1 — список).</translation>
        </message>
        <message>
            <source>A bracket holds 2, 4, 8, 16 ... teams, not %1.</source>
            <translation>В сетке 2, 4, 8, 16 … команд, а не %1.</translation>
        </message>
        <message>
            <source>A top %1 needs %2 teams, but there are only %3.</source>
            <translation>Для топ-%1 нужно %2 команд, а их только %3.</translation>
        </message>
        <message>
            <source>A team can't hold two seeds in one bracket.</source>
            <translation>У команды не может быть двух мест в одной сетке.</translation>
        </message>
        <message>
            <source>A single-elimination match can't end in a draw or a bye, as %1's did; play on until someone wins (MTR 2.4).</source>
            <translation>Матч на выбывание не может закончиться ничьей или баем, как у %1; играйте, пока кто-то не победит (MTR 2.4).</translation>
        </message>
        <message>
            <source>The match between %1 and %2 has no result yet.</source>
            <translation>У матча %1 — %2 ещё нет результата.</translation>
        </message>
        <message>
            <source>Only a bracket round of 2, 4, 8 ... tables leads to another round.</source>
            <translation>Следующий раунд сетки возможен только после раунда из 2, 4, 8 … столов.</translation>
        </message>
        <message>
            <source>An event needs a name.</source>
            <translation>У турнира должно быть название.</translation>
        </message>
        <message>
            <source>The format %1 is unknown; it is one of 2hg, duel, ffa:N or commander:N.</source>
            <translation>Формат %1 неизвестен; возможны 2hg, duel, ffa:N или commander:N.</translation>
        </message>
        <message>
            <source>The number of rounds</source>
            <translation>Число раундов</translation>
        </message>
        <message>
            <source>The round length in minutes</source>
            <translation>Длина раунда в минутах</translation>
        </message>
        <message>
            <source>The pod size</source>
            <translation>Размер стола</translation>
        </message>
        <message>
            <source>%1 must be a whole number from %2 to %3.</source>
            <translation>%1 — целое число от %2 до %3.</translation>
        </message>
        <message>
            <source>A match is best of 1 or best of 3.</source>
            <translation>Матч играется до 1 или до 2 побед (best of 1 или 3).</translation>
        </message>
        <message>
            <source>The top cut is 0 (none), 4 or 8.</source>
            <translation>Топ-кат — 0 (нет), 4 или 8.</translation>
        </message>
        <message>
            <source>Table %1 is fixed for %2 and skipped: it can't be both.</source>
            <translation>Стол %1 закреплён за %2 и пропускается: одновременно так нельзя.</translation>
        </message>
        <message>
            <source>Pods of %1 are 3 to 5 players: write %2:4.</source>
            <translation>Столы %1 — от 3 до 5 игроков: напишите %2:4.</translation>
        </message>
        <message>
            <source>The format %1 takes no size.</source>
            <translation>У формата %1 нет размера.</translation>
        </message>
        <message>
            <source>Two-Headed Giant</source>
            <translation>Двухголовый гигант</translation>
        </message>
        <message>
            <source>Two-player</source>
            <translation>Один на один</translation>
        </message>
        <message numerus="yes">
            <source>Free-for-all pods of %n</source>
            <translation>
                <numerusform>Каждый сам за себя, столы по %n</numerusform>
                <numerusform>Каждый сам за себя, столы по %n</numerusform>
                <numerusform>Каждый сам за себя, столы по %n</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Commander pods of %n</source>
            <translation>
                <numerusform>Командир, столы по %n</numerusform>
                <numerusform>Командир, столы по %n</numerusform>
                <numerusform>Командир, столы по %n</numerusform>
            </translation>
        </message>
        <message>
            <source>The event's settings are not valid.</source>
            <translation>Настройки турнира неверны.</translation>
        </message>
        <message>
            <source>There is no table %1 in round %2.</source>
            <translation>В раунде %2 нет стола %1.</translation>
        </message>
        <message>
            <source>Round %1 still has tables without a result: enter them first.</source>
            <translation>В раунде %1 ещё есть столы без результата: сначала введите их.</translation>
        </message>
        <message>
            <source>The event is over.</source>
            <translation>Турнир окончен.</translation>
        </message>
        <message>
            <source>All the Swiss rounds are played: the event is over.</source>
            <translation>Все раунды швейцарки сыграны: турнир окончен.</translation>
        </message>
        <message>
            <source>The final is played: the event is over.</source>
            <translation>Финал сыгран: турнир окончен.</translation>
        </message>
        <message>
            <source>There are too few teams for a top cut.</source>
            <translation>Слишком мало команд для топ-ката.</translation>
        </message>
        <message>
            <source>Unknown event record %1.</source>
            <translation>Неизвестная запись турнира %1.</translation>
        </message>
        <message>
            <source>An event record's data must be an object.</source>
            <translation>Данные записи турнира должны быть объектом.</translation>
        </message>
        <message>
            <source>An event record's time must be a number of seconds.</source>
            <translation>Время записи турнира — число секунд.</translation>
        </message>
        <message>
            <source>There is already a team called %1.</source>
            <translation>Команда %1 уже есть.</translation>
        </message>
        <message>
            <source>%1 can't have missed %2 rounds: %3 were paired.</source>
            <translation>%1 не может пропустить раундов: %2, составлено только %3.</translation>
        </message>
        <message>
            <source>%1 has already dropped.</source>
            <translation>%1 уже выбыла из турнира.</translation>
        </message>
        <message>
            <source>%1 has not dropped.</source>
            <translation>%1 не выбывала из турнира.</translation>
        </message>
        <message>
            <source>The next round is round %1.</source>
            <translation>Следующий раунд — %1.</translation>
        </message>
        <message>
            <source>A round needs at least one table.</source>
            <translation>В раунде должен быть хотя бы один стол.</translation>
        </message>
        <message>
            <source>Table %1 has no teams.</source>
            <translation>За столом %1 нет команд.</translation>
        </message>
        <message>
            <source>%1 is seated at two tables.</source>
            <translation>%1 сидит за двумя столами.</translation>
        </message>
        <message>
            <source>%1 has dropped and can't be paired.</source>
            <translation>%1 выбыла, её нельзя включить в пары.</translation>
        </message>
        <message>
            <source>Only the latest round, round %1, can be taken back.</source>
            <translation>Отменить можно только последний раунд, раунд %1.</translation>
        </message>
        <message>
            <source>Fixed tables map each team to its table number.</source>
            <translation>Закреплённые столы задают каждой команде номер её стола.</translation>
        </message>
        <message>
            <source>Skipped tables are a list of table numbers.</source>
            <translation>Пропускаемые столы — это список номеров столов.</translation>
        </message>
        <message>
            <source>The result for table %1 must name its teams: %2.</source>
            <translation>Результат стола %1 должен называть его команды: %2.</translation>
        </message>
        <message>
            <source>The games at table %1 must name each of its teams.</source>
            <translation>Партии стола %1 должны называть каждую его команду.</translation>
        </message>
        <message>
            <source>A single-elimination match can't end in a draw (MTR 2.4).</source>
            <translation>Матч на выбывание не может закончиться ничьей (MTR 2.4).</translation>
        </message>
        <message>
            <source>Table %1 has no result to take back.</source>
            <translation>У стола %1 нет результата, который можно отменить.</translation>
        </message>
        <message>
            <source>An adjustment is a number of seconds.</source>
            <translation>Поправка — число секунд.</translation>
        </message>
        <message>
            <source>Unknown clock step %1.</source>
            <translation>Неизвестное действие часов %1.</translation>
        </message>
        <message>
            <source>A time extension is a number of seconds.</source>
            <translation>Продление — число секунд.</translation>
        </message>
        <message>
            <source>Table %1's extension can't go below nothing.</source>
            <translation>Продление стола %1 не может быть меньше нуля.</translation>
        </message>
        <message>
            <source>A turn step is 1 or -1.</source>
            <translation>Шаг хода — 1 или -1.</translation>
        </message>
        <message>
            <source>Table %1 is finished.</source>
            <translation>Партия за столом %1 уже закончена.</translation>
        </message>
        <message>
            <source>Time has not been called at table %1 yet (MTR 2.4).</source>
            <translation>За столом %1 время ещё не вышло (MTR 2.4).</translation>
        </message>
        <message>
            <source>Table %1 has no such turn.</source>
            <translation>У стола %1 нет такого хода.</translation>
        </message>
        <message>
            <source>A clock correction says from which time.</source>
            <translation>Исправление часов должно указывать, от какого времени.</translation>
        </message>
        <message>
            <source>The event's clock is not ahead of this time.</source>
            <translation>Часы турнира не опережают это время.</translation>
        </message>
        <message>
            <source>Round %1 can't be taken back: tables %2 have a result. Take the results back first (at the desk: TABLE result clear; from a terminal: tablelife event clear TABLE).</source>
            <translation>Раунд %1 нельзя отменить: у столов %2 уже есть результат. Сначала отмените результаты (за пультом: СТОЛ result clear; в терминале: tablelife event clear СТОЛ).</translation>
        </message>
        <message>
            <source>Round %1 can't be taken back: table %2 has a result. Take it back first (at the desk: %2 result clear; from a terminal: tablelife event clear %2).</source>
            <translation>Раунд %1 нельзя отменить: у стола %2 уже есть результат. Сначала отмените его (за пультом: %2 result clear; в терминале: tablelife event clear %2).</translation>
        </message>
        <message>
            <source>%1 turn goes on to the next additional turn; %2 turn -1 takes one back.</source>
            <translation>%1 turn переходит к следующему дополнительному ходу; %2 turn -1 отменяет один.</translation>
        </message>
        <message>
            <source>There is no team called %1.</source>
            <translation>Команды %1 нет.</translation>
        </message>
        <message>
            <source>No round has been paired yet.</source>
            <translation>Пары ещё не составлены ни для одного раунда.</translation>
        </message>
        <message>
            <source>There is no round %1.</source>
            <translation>Раунда %1 нет.</translation>
        </message>
        <message>
            <source>The team's name %1 %2.</source>
            <translation>Название команды %1 %2.</translation>
        </message>
        <message>
            <source>Round %1 can't be taken back: its games have been tracked at tables %2.</source>
            <translation>Раунд %1 нельзя отменить: за столами %2 уже отслеживались партии.</translation>
        </message>
        <message>
            <source>Round %1 can't be taken back: its game has been tracked at table %2.</source>
            <translation>Раунд %1 нельзя отменить: за столом %2 уже отслеживалась партия.</translation>
        </message>
        <message>
            <source>A round's table numbers must be different whole numbers, one a table.</source>
            <translation>Номера столов раунда должны быть разными целыми числами, по одному на стол.</translation>
        </message>
        <message>
            <source>%1 has two fixed tables.</source>
            <translation>У %1 два закреплённых стола.</translation>
        </message>
        <message>
            <source>Table %1 is fixed for both %2 and %3.</source>
            <translation>Стол %1 закреплён и за %2, и за %3.</translation>
        </message>
        <message>
            <source>A table number is a whole number from 1 to %1, not %2.</source>
            <translation>Номер стола — целое число от 1 до %1, а не %2.</translation>
        </message>
        <message>
            <source>%1 must be a whole number, not %2.</source>
            <translation>%1 — целое число, а не %2.</translation>
        </message>
        <message>
            <source>Table %1 has no result yet.</source>
            <translation>У стола %1 ещё нет результата.</translation>
        </message>
        <message>
            <source>Table %1 has no winner.</source>
            <translation>У стола %1 нет победителя.</translation>
        </message>
        <message>
            <source>Record %1 (%2): %3</source>
            <translation>Запись %1 (%2): %3</translation>
        </message>
        <message>
            <source>Teams must be a list of names, not a single name.</source>
            <translation>Команды — это список названий, а не одно название.</translation>
        </message>
        <message>
            <source>%1 is in the list of teams twice.</source>
            <translation>%1 дважды в списке команд.</translation>
        </message>
        <message>
            <source>The pairing seed must be a whole number, not %1.</source>
            <translation>Зерно жеребьёвки — целое число, а не %1.</translation>
        </message>
        <message>
            <source>A Swiss event needs at least two teams, not %1.</source>
            <translation>Для швейцарки нужно хотя бы две команды, а не %1.</translation>
        </message>
        <message>
            <source>A pod seats at least 3 teams, so the pod size can't be %1.</source>
            <translation>За столом не меньше 3 команд, размер стола не может быть %1.</translation>
        </message>
        <message>
            <source>%1 teams can't sit in pods of %2 to %3 teams; choose another pod size.</source>
            <translation>%1 команд не рассадить по столам от %2 до %3; выберите другой размер стола.</translation>
        </message>
        <message>
            <source>Pairing a round needs at least two teams.</source>
            <translation>Для пар раунда нужно хотя бы две команды.</translation>
        </message>
        <message>
            <source>no partner keeps the fewest rematches</source>
            <translation>нет пары с наименьшим числом повторных встреч</translation>
        </message>
        <message>
            <source>A team's name must be text, not %1.</source>
            <translation>Название команды — текст, а не %1.</translation>
        </message>
        <message>
            <source>A team's name can't be blank.</source>
            <translation>Название команды не может быть пустым.</translation>
        </message>
        <message>
            <source>Best of must be a whole number of at least 1, not %1.</source>
            <translation>Best of — целое число от 1, а не %1.</translation>
        </message>
        <message>
            <source>Best of must be an odd number such as 1 or 3, not %1.</source>
            <translation>Best of — нечётное число, например 1 или 3, а не %1.</translation>
        </message>
        <message>
            <source>%1: games are for a match of two teams; a pod plays one game.</source>
            <translation>%1: счёт по партиям бывает только у матча двух команд; стол мультиплеера играет одну партию.</translation>
        </message>
        <message>
            <source>%1's games must be three numbers (won, lost, drawn), not %2.</source>
            <translation>Партии %1 — три числа (победы, поражения, ничьи), а не %2.</translation>
        </message>
        <message>
            <source>%1's games must be whole numbers of 0 or more (won, lost, drawn), not %2.</source>
            <translation>Партии %1 — целые числа от 0 (победы, поражения, ничьи), а не %2.</translation>
        </message>
        <message>
            <source>A round is a whole number from 1 up, not %1.</source>
            <translation>Раунд — целое число от 1, а не %1.</translation>
        </message>
        <message>
            <source>A result needs at least one team and its outcome.</source>
            <translation>В результате должна быть хотя бы одна команда и её исход.</translation>
        </message>
        <message>
            <source>The outcome %1 for %2 is unknown; an outcome is win, loss, draw or bye.</source>
            <translation>Исход %1 для %2 неизвестен; исход — win, loss, draw или bye.</translation>
        </message>
        <message>
            <source>%1 did not play at this table in round %2.</source>
            <translation>%1 не играла за этим столом в раунде %2.</translation>
        </message>
        <message>
            <source>%1 is alone at a table in round %2, so the outcome must be a bye, not %3.</source>
            <translation>%1 одна за столом в раунде %2, поэтому исход — бай, а не %3.</translation>
        </message>
        <message>
            <source>A bye is a table of one team, but round %1 has a bye at a table with %2.</source>
            <translation>Бай — стол одной команды, но в раунде %1 бай за столом с %2.</translation>
        </message>
        <message>
            <source>Only one team can win a match, but %1 has %2 wins.</source>
            <translation>Матч выигрывает только одна команда, но у %1 побед: %2.</translation>
        </message>
        <message>
            <source>A match can't have both a winner and a draw, as %1 has.</source>
            <translation>У матча не может быть и победителя, и ничьей, как у %1.</translation>
        </message>
        <message>
            <source>At the table with %1, somebody must win or the match is a draw.</source>
            <translation>За столом с %1 кто-то должен победить, или матч — ничья.</translation>
        </message>
        <message>
            <source>A draw takes two or more teams, but only one drew at %1.</source>
            <translation>Ничья — это две команды или больше, а у %1 ничья только у одной.</translation>
        </message>
        <message>
            <source>Games must map each team to (won, lost, drawn), not %1.</source>
            <translation>Партии — каждой команде (победы, поражения, ничьи), а не %1.</translation>
        </message>
        <message>
            <source>A bye's games are set by the event's best-of; leave games out for a bye.</source>
            <translation>Партии бая задаёт best-of турнира; для бая партии не указывайте.</translation>
        </message>
        <message>
            <source>Games must be given for exactly the teams at the table: %1.</source>
            <translation>Партии указываются ровно для команд стола: %1.</translation>
        </message>
        <message>
            <source>Everyone at a table plays the same games, but the games at %1 don't agree.</source>
            <translation>Все за столом играют одни и те же партии, но у %1 они не сходятся.</translation>
        </message>
        <message>
            <source>At %1, more games were won than were played.</source>
            <translation>У %1 побед больше, чем сыграно партий.</translation>
        </message>
        <message>
            <source>%1's games %2 and %3's games %4 don't match: one's wins are the other's losses, and draws are shared.</source>
            <translation>Партии %1 (%2) и %3 (%4) не сходятся: победы одного — поражения другого, а ничьи общие.</translation>
        </message>
        <message>
            <source>%1 won the match, so %2 must have won more games than anyone else at %3.</source>
            <translation>%1 выиграла матч, значит, у %2 больше побед в партиях, чем у всех остальных за столом %3.</translation>
        </message>
        <message>
            <source>A drawn match means equal game wins, but the teams that drew at %1 don't have them.</source>
            <translation>Ничья в матче — это равные победы в партиях, а у сыгравших вничью у %1 они не равны.</translation>
        </message>
        <message>
            <source>Rounds missed must be a whole number, not %1.</source>
            <translation>Число пропущенных раундов должно быть целым, а не %1.</translation>
        </message>
        <message>
            <source>Standings are computed from match results, not %1.</source>
            <translation>Турнирная таблица считается по результатам матчей, а не по %1.</translation>
        </message>
        <message>
            <source>%1 is at two tables in round %2.</source>
            <translation>%1 за двумя столами в раунде %2.</translation>
        </message>
        <message>
            <source>%1 can't happen in a best-of-%2 match: it ends when a team wins %3.</source>
            <translation>Счёт %1 невозможен в матче до %2 партий: матч кончается, когда команда выигрывает %3.</translation>
        </message>
        <message>
            <source>%1 has %2 drawn games, more than a best-of-%3 match plays in a round: check the numbers.</source>
            <translation>В счёте %1 ничьих: %2 — больше, чем матч до %3 партий успевает сыграть за раунд; проверьте числа.</translation>
        </message>
        <message>
            <source>%1 is not a draw: a drawn match has equal game wins.</source>
            <translation>Счёт %1 — не ничья: в ничейном матче побед поровну.</translation>
        </message>
        <message>
            <source>%1 says %2 won no more games than it lost, but it won the match: games are from the winner's side (W-L-D).</source>
            <translation>По счёту %1 команда %2 выиграла не больше партий, чем проиграла, но выиграла матч: счёт указывается со стороны победителя (W-L-D).</translation>
        </message>
        <message>
            <source>There is no round %1: the rounds so far are 1 to %2.</source>
            <translation>Раунда %1 нет: пока есть раунды с 1 по %2.</translation>
        </message>
    </context>
    <context>
        <name>GameModel</name>
        <message>
            <source>This game is open read-only.</source>
            <translation>Эта партия открыта только для чтения.</translation>
        </message>
        <message>
            <source>The last game could not be brought back: %1</source>
            <translation>Последнюю партию не удалось восстановить: %1</translation>
        </message>
        <message>
            <source>The game is over: undo its last event to change it.</source>
            <translation>Партия окончена: чтобы её изменить, отмените последнее действие.</translation>
        </message>
        <message>
            <source>%1 has no poison counters to remove.</source>
            <translation>%1: жетонов яда, которые можно снять, нет.</translation>
        </message>
        <message>
            <source>%1 have no poison counters to remove.</source>
            <translation>%1: жетонов яда, которые можно снять, нет.</translation>
        </message>
        <message>
            <source>There is no player %1.</source>
            <translation>Игрока %1 нет.</translation>
        </message>
        <message>
            <source>%1 has left the game.</source>
            <translation>%1 уже не в игре.</translation>
        </message>
        <message>
            <source>This game is not played with commanders.</source>
            <translation>В этой партии нет командиров.</translation>
        </message>
        <message>
            <source>A commander's damage to its own player is not tracked.</source>
            <translation>Урон командира своему же игроку не учитывается.</translation>
        </message>
        <message>
            <source>%1 has left the game, and their commander with them.</source>
            <translation>%1 уже не в игре, а с ним и его командир.</translation>
        </message>
        <message>
            <source>%1 plays one commander. For a partner's damage, choose “%2” in %1's menu first.</source>
            <translation>У игрока %1 один командир. Чтобы считать урон партнёра, сначала отметьте «%2» в меню игрока %1.</translation>
        </message>
        <message>
            <source>%1’s second commander has dealt damage in this game: its counters stay. Undo that damage first.</source>
            <translation>Второй командир игрока %1 уже нанёс урон в этой партии: его счётчики остаются. Сначала отмените этот урон.</translation>
        </message>
        <message>
            <source>The first turn is over. To choose who starts instead, undo it (Ctrl+Z), then press S.</source>
            <translation>Первый ход окончен. Чтобы вместо этого выбрать, кто начинает, отмените его (Ctrl+Z) и нажмите S.</translation>
        </message>
        <message>
            <source>Dropped the pending taps.</source>
            <translation>Ожидающие нажатия сброшены.</translation>
        </message>
        <message>
            <source>Resolve (Enter) or drop (Esc) the pending taps before redoing.</source>
            <translation>Перед повтором примените (Enter) или сбросьте (Esc) ожидающие нажатия.</translation>
        </message>
        <message>
            <source>Not saved, so not done: %1</source>
            <translation>Не сохранено, поэтому не сделано: %1</translation>
        </message>
        <message>
            <source>At an event the tournament rules decide who goes first (MTR 2.2): the desk changes play or draw.</source>
            <translation>На турнире, кто ходит первым, решают правила турнира (MTR 2.2): игру или взятие меняет стол судьи.</translation>
        </message>
        <message>
            <source>The game has begun: who starts can't change now (CR 103.1). Undo back to the start to choose again.</source>
            <translation>Партия началась: кто начинает, теперь не изменить (CR 103.1). Отмените всё до начала, чтобы выбрать снова.</translation>
        </message>
        <message>
            <source>There is no team %1.</source>
            <translation>Команды %1 нет.</translation>
        </message>
        <message>
            <source>%1 plays one commander. For a partner, choose “%2” in %1's menu first.</source>
            <translation>У %1 один командир. Для партнёра сначала выберите «%2» в меню %1.</translation>
        </message>
        <message>
            <source>Another device's steps at this table could not be read: %1</source>
            <translation>Не удалось прочитать шаги другого устройства за этим столом: %1</translation>
        </message>
        <message>
            <source>The journal could not record the result: %1</source>
            <translation>Журнал не смог записать результат: %1</translation>
        </message>
        <message>
            <source>The journal could not close the old game: %1</source>
            <translation>Журнал не смог закрыть прежнюю партию: %1</translation>
        </message>
    </context>
    <context>
        <name>GameText</name>
        <message>
            <source>%1: %2, unfinished — take it back</source>
            <translation>%1: %2, не окончена — вернуть</translation>
        </message>
        <message>
            <source>%1: %2, unfinished</source>
            <translation>%1: %2, не окончена</translation>
        </message>
        <message>
            <source> vs </source>
            <translation> против </translation>
        </message>
        <message>
            <source>%1: %2 won</source>
            <translation>%1: победа — %2</translation>
        </message>
        <message>
            <source>%1: a draw</source>
            <translation>%1: ничья</translation>
        </message>
    </context>
    <context>
        <name>HeadRow</name>
        <message>
            <source>%1: %2 pending</source>
            <translation>%1: ожидает %2</translation>
        </message>
        <message>
            <source>%1: nothing pending</source>
            <translation>%1: ничего не ожидает</translation>
        </message>
        <message numerus="yes">
            <source>%1: gain %n life</source>
            <translation>
                <numerusform>%1: получить %n жизнь</numerusform>
                <numerusform>%1: получить %n жизни</numerusform>
                <numerusform>%1: получить %n жизней</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: lose %n life</source>
            <translation>
                <numerusform>%1: потерять %n жизнь</numerusform>
                <numerusform>%1: потерять %n жизни</numerusform>
                <numerusform>%1: потерять %n жизней</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: add %n poison</source>
            <translation>
                <numerusform>%1: добавить %n счётчик яда</numerusform>
                <numerusform>%1: добавить %n счётчика яда</numerusform>
                <numerusform>%1: добавить %n счётчиков яда</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: remove %n poison</source>
            <translation>
                <numerusform>%1: убрать %n счётчик яда</numerusform>
                <numerusform>%1: убрать %n счётчика яда</numerusform>
                <numerusform>%1: убрать %n счётчиков яда</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: selected player</source>
            <translation>%1: выбранный игрок</translation>
        </message>
        <message>
            <source>%1: more actions</source>
            <translation>%1: другие действия</translation>
        </message>
        <message>
            <source>%1: set life, pay, concede, effects… (M)</source>
            <translation>%1: задать жизнь, заплатить, сдаться, эффекты… (M)</translation>
        </message>
    </context>
    <context>
        <name>HistoryView</name>
        <message>
            <source>History</source>
            <translation>История</translation>
        </message>
        <message>
            <source>Life and poison after the event, of the teams it changed; a row's tooltip has every team's</source>
            <translation>Жизнь и яд после события — у команд, которые оно изменило; подсказка строки показывает все команды</translation>
        </message>
        <message>
            <source>No events yet.</source>
            <translation>Событий пока нет.</translation>
        </message>
        <message numerus="yes">
            <source>%n event(s). The latest: %1</source>
            <translation>
                <numerusform>%n событие. Последнее: %1</numerusform>
                <numerusform>%n события. Последнее: %1</numerusform>
                <numerusform>%n событий. Последнее: %1</numerusform>
            </translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Время</translation>
        </message>
        <message>
            <source>What</source>
            <translation>Что</translation>
        </message>
        <message>
            <source>After</source>
            <translation>После</translation>
        </message>
        <message>
            <source> — %1 are out: %2 (%3)</source>
            <translation> — %1 вне игры: %2 (%3)</translation>
        </message>
        <message>
            <source> — %1 draw: %2 (%3)</source>
            <translation> — %1: ничья, %2 (%3)</translation>
        </message>
        <message>
            <source> — %1 win: %2 (%3)</source>
            <translation> — %1 побеждают: %2 (%3)</translation>
        </message>
        <message>
            <source> — %1 is out: %2 (%3)</source>
            <translation> — %1 вне игры: %2 (%3)</translation>
        </message>
        <message>
            <source> — %1 draws: %2 (%3)</source>
            <translation> — %1: ничья, %2 (%3)</translation>
        </message>
        <message>
            <source> — %1 wins: %2 (%3)</source>
            <translation> — %1 побеждает: %2 (%3)</translation>
        </message>
        <message>
            <source> — game over</source>
            <translation> — партия окончена</translation>
        </message>
        <message>
            <source>%1: %2, poison %3</source>
            <translation>%1: %2, яд %3</translation>
        </message>
    </context>
    <context>
        <name>JournalWords</name>
        <message>
            <source>There is no game %1 in the journal.</source>
            <translation>В журнале нет партии %1.</translation>
        </message>
        <message>
            <source>There is no event %1 in the journal.</source>
            <translation>В журнале нет турнира %1.</translation>
        </message>
        <message>
            <source>The connection to the journal %1 dropped as a step was being saved, and the server could not be reached again to ask whether it was. The step's id is %2: once the server is back, tablelife server step URL %2 says whether it happened.</source>
            <translation>Связь с журналом %1 оборвалась во время сохранения шага, и сервер больше не отвечает, так что неизвестно, сохранён ли шаг. Номер шага: %2. Когда сервер снова будет доступен, команда tablelife server step URL %2 скажет, состоялся ли он.</translation>
        </message>
        <message>
            <source>Tablelife can't take the lock %1 that keeps two copies from writing the same journal: %2.</source>
            <translation>Tablelife не может взять блокировку %1, которая не даёт двум копиям писать в один журнал: %2.</translation>
        </message>
        <message>
            <source>it is a folder, not a file</source>
            <translation>это папка, а не файл</translation>
        </message>
        <message>
            <source>the disk is read-only</source>
            <translation>диск доступен только для чтения</translation>
        </message>
        <message>
            <source>the disk is full</source>
            <translation>диск заполнен</translation>
        </message>
        <message>
            <source>its folder is not there</source>
            <translation>её папки нет</translation>
        </message>
        <message>
            <source>it is not a regular file</source>
            <translation>это не обычный файл</translation>
        </message>
        <message>
            <source>Free some disk space, then try again.</source>
            <translation>Освободите место на диске и попробуйте снова.</translation>
        </message>
        <message>
            <source>the disk reported an input/output error</source>
            <translation>диск сообщил об ошибке ввода-вывода</translation>
        </message>
        <message>
            <source>Check the disk.</source>
            <translation>Проверьте диск.</translation>
        </message>
        <message>
            <source>the file or its folder is read-only</source>
            <translation>файл или его папка доступны только для чтения</translation>
        </message>
        <message>
            <source>Make it writable.</source>
            <translation>Разрешите запись.</translation>
        </message>
        <message>
            <source>the file can't be opened</source>
            <translation>файл не открывается</translation>
        </message>
        <message>
            <source>Check that the folder exists and is writable.</source>
            <translation>Проверьте, что папка есть и в неё можно писать.</translation>
        </message>
        <message>
            <source>permission was denied</source>
            <translation>доступ запрещён</translation>
        </message>
        <message>
            <source>Check the file's permissions.</source>
            <translation>Проверьте права доступа к файлу.</translation>
        </message>
        <message>
            <source>another program is holding it locked</source>
            <translation>его заблокировала другая программа</translation>
        </message>
        <message>
            <source>Close the other program.</source>
            <translation>Закройте другую программу.</translation>
        </message>
        <message>
            <source>the computer is out of memory</source>
            <translation>компьютеру не хватает памяти</translation>
        </message>
        <message>
            <source>Close some programs.</source>
            <translation>Закройте часть программ.</translation>
        </message>
        <message>
            <source>the file is damaged</source>
            <translation>файл повреждён</translation>
        </message>
        <message>
            <source>Restart Tablelife to set it aside.</source>
            <translation>Перезапустите Tablelife, и он отложит файл в сторону.</translation>
        </message>
        <message>
            <source>the file is not a database</source>
            <translation>файл не является базой данных</translation>
        </message>
        <message>
            <source>the file lock failed</source>
            <translation>не удалось заблокировать файл</translation>
        </message>
        <message>
            <source>a value in the file is too big</source>
            <translation>значение в файле слишком велико</translation>
        </message>
        <message>
            <source>it is read-only</source>
            <translation>доступ только для чтения</translation>
        </message>
        <message>
            <source>Games are not being saved.</source>
            <translation>Партии не сохраняются.</translation>
        </message>
        <message>
            <source>it is not a folder</source>
            <translation>это не папка</translation>
        </message>
        <message>
            <source>it is a file, not a folder</source>
            <translation>это файл, а не папка</translation>
        </message>
        <message>
            <source>Tablelife can't use the folder %1: %2.</source>
            <translation>Tablelife не может использовать папку %1: %2.</translation>
        </message>
        <message>
            <source>%1 is not a file, so Tablelife can't use it.</source>
            <translation>%1 — не файл, поэтому Tablelife не может его использовать.</translation>
        </message>
        <message>
            <source>it is not a SQLite database</source>
            <translation>это не база данных SQLite</translation>
        </message>
        <message>
            <source>%1 is damaged (%2) and could not be moved aside (%3).</source>
            <translation>Файл %1 повреждён (%2), и отложить его в сторону не удалось (%3).</translation>
        </message>
        <message>
            <source>The old file was moved to %1; Tablelife started a new, empty journal.</source>
            <translation>Старый файл перемещён в %1; Tablelife начал новый, пустой журнал.</translation>
        </message>
        <message>
            <source>%1 was damaged (%2) and was moved to %3, but a new journal could not be started.</source>
            <translation>Файл %1 был повреждён (%2) и перемещён в %3, но начать новый журнал не удалось.</translation>
        </message>
        <message>
            <source>%1 was damaged (%2).</source>
            <translation>Файл %1 был повреждён (%2).</translation>
        </message>
        <message>
            <source>Tablelife can't write to %1: %2.</source>
            <translation>Tablelife не может записывать в %1: %2.</translation>
        </message>
        <message>
            <source>The games already in it can be looked at, read-only.</source>
            <translation>Уже записанные в нём партии можно посмотреть, только для чтения.</translation>
        </message>
        <message>
            <source>Tablelife can't open %1: %2.</source>
            <translation>Tablelife не может открыть %1: %2.</translation>
        </message>
        <message>
            <source>%1 was written by a newer Tablelife (journal version %2; this one knows up to %3). It was left untouched: update Tablelife to use it.</source>
            <translation>Файл %1 записан более новым Tablelife (версия журнала %2, а этот знает версии до %3). Он оставлен как есть: обновите Tablelife, чтобы им пользоваться.</translation>
        </message>
        <message>
            <source>There is no journal at %1.</source>
            <translation>Журнала %1 нет.</translation>
        </message>
        <message>
            <source>There are no games in %1 yet.</source>
            <translation>В %1 пока нет партий.</translation>
        </message>
        <message>
            <source>%1 is damaged (%2). Start Tablelife to set it aside.</source>
            <translation>Файл %1 повреждён (%2). Запустите Tablelife, и он отложит файл в сторону.</translation>
        </message>
        <message>
            <source>Tablelife can't read %1: %2.</source>
            <translation>Tablelife не может прочитать %1: %2.</translation>
        </message>
        <message>
            <source>too many files moved aside already</source>
            <translation>в сторону отложено уже слишком много файлов</translation>
        </message>
        <message>
            <source>it is a SQLite database of another program, not a Tablelife journal</source>
            <translation>это база данных SQLite другой программы, а не журнал Tablelife</translation>
        </message>
        <message>
            <source>its schema version %1 is not one Tablelife wrote</source>
            <translation>версию схемы %1 Tablelife не записывает</translation>
        </message>
        <message>
            <source>its table %1 is missing or not Tablelife's</source>
            <translation>таблицы %1 нет или она не от Tablelife</translation>
        </message>
        <message>
            <source>its schema is not Tablelife's: %1 differ</source>
            <translation>схема не от Tablelife: отличаются %1</translation>
        </message>
        <message>
            <source>%1 (and more)</source>
            <translation>%1 (и это не всё)</translation>
        </message>
        <message>
            <source>the integrity check failed: %1</source>
            <translation>проверка целостности не пройдена: %1</translation>
        </message>
        <message>
            <source>SQLite says: %1</source>
            <translation>SQLite сообщает: %1</translation>
        </message>
        <message>
            <source>its schema is not valid text</source>
            <translation>его схема не читается как текст</translation>
        </message>
        <message>
            <source>Tablelife could not save to the journal %1: it is open read-only. Nothing was changed.</source>
            <translation>Tablelife не смог сохранить в журнал %1: он открыт только для чтения. Ничего не изменено.</translation>
        </message>
        <message>
            <source>Tablelife could not save to the journal %1: %2.</source>
            <translation>Tablelife не смог сохранить в журнал %1: %2.</translation>
        </message>
        <message>
            <source>Tablelife could not read the journal %1: %2.</source>
            <translation>Tablelife не смог прочитать журнал %1: %2.</translation>
        </message>
        <message>
            <source>Nothing was changed.</source>
            <translation>Ничего не изменено.</translation>
        </message>
        <message>
            <source>an event needs a name.</source>
            <translation>у турнира должно быть название.</translation>
        </message>
        <message>
            <source>Event %1 is already in the journal %2.</source>
            <translation>Турнир %1 уже есть в журнале %2.</translation>
        </message>
        <message>
            <source>The journal %1 has another event with the id %2: an event keeps its id when copied (its checksums cover it), so it can't be copied there.</source>
            <translation>В журнале %1 есть другой турнир с номером %2: при копировании турнир сохраняет свой номер (его покрывают контрольные суммы), поэтому туда его скопировать нельзя.</translation>
        </message>
        <message>
            <source>The journal %1 has another game with the id %2, which a game of this event has: it can't be copied there.</source>
            <translation>В журнале %1 есть другая партия с номером %2, который носит партия этого турнира: туда его скопировать нельзя.</translation>
        </message>
        <message>
            <source>game %1 in the journal</source>
            <translation>партия %1 в журнале</translation>
        </message>
        <message>
            <source>a game whose id is damaged (%1) in the journal</source>
            <translation>партия с повреждённым номером (%1) в журнале</translation>
        </message>
        <message>
            <source>its events are there but the game itself is missing: the file is damaged.</source>
            <translation>её события есть, а самой партии нет: файл повреждён.</translation>
        </message>
        <message>
            <source>event %1 in the journal</source>
            <translation>турнир %1 в журнале</translation>
        </message>
        <message>
            <source>an event whose id is damaged (%1) in the journal</source>
            <translation>турнир с повреждённым номером (%1) в журнале</translation>
        </message>
        <message>
            <source>its log is there but the event itself is missing: the file is damaged.</source>
            <translation>его записи есть, а самого турнира нет: файл повреждён.</translation>
        </message>
        <message>
            <source>holds a character that can't be stored (a lone surrogate).</source>
            <translation>содержит символ, который нельзя сохранить (одиночный суррогат).</translation>
        </message>
        <message>
            <source>There is nothing to undo.</source>
            <translation>Отменять нечего.</translation>
        </message>
        <message>
            <source>There is nothing to redo.</source>
            <translation>Повторять нечего.</translation>
        </message>
        <message>
            <source>Unknown event kind %1.</source>
            <translation>Неизвестный вид события %1.</translation>
        </message>
        <message>
            <source>expected event %1 here: events are missing.</source>
            <translation>здесь ожидалось событие %1: события пропали.</translation>
        </message>
        <message>
            <source>it was changed outside Tablelife, or the disk damaged it</source>
            <translation>файл изменили вне Tablelife или его повредил диск</translation>
        </message>
        <message>
            <source>does not match its checksum: %1.</source>
            <translation>не совпадает с контрольной суммой: %1.</translation>
        </message>
        <message>
            <source>%1, event %2</source>
            <translation>%1, событие %2</translation>
        </message>
        <message>
            <source>%1, log entry %2</source>
            <translation>%1, запись %2</translation>
        </message>
        <message>
            <source>is not valid UTF-8 text: the file is damaged.</source>
            <translation>не читается как текст UTF-8: файл повреждён.</translation>
        </message>
        <message>
            <source>must be text, not %1.</source>
            <translation>должно быть текстом, а не %1.</translation>
        </message>
        <message>
            <source>is not JSON text.</source>
            <translation>не текст JSON.</translation>
        </message>
        <message>
            <source>is not valid JSON (%1).</source>
            <translation>не читается как JSON (%1).</translation>
        </message>
        <message>
            <source>unknown event kind %1.</source>
            <translation>неизвестный вид события %1.</translation>
        </message>
        <message>
            <source>an %1 event can't have %2 changes.</source>
            <translation>у события %1 не может быть столько изменений: %2.</translation>
        </message>
        <message>
            <source>its setup (variant, names, teams, start) does not match its checksum: %1.</source>
            <translation>её настройки (вариант, имена, команды, начало) не совпадают с контрольной суммой: %1.</translation>
        </message>
        <message>
            <source>is missing: the next one stored is event %1.</source>
            <translation>отсутствует: следующее сохранённое — событие %1.</translation>
        </message>
        <message>
            <source>is missing: the game's last checksum is not that of event %1, so events after it were lost, or %2.</source>
            <translation>отсутствует: последняя контрольная сумма партии не от события %1, значит, события после него потеряны, или %2.</translation>
        </message>
        <message>
            <source>%1, result</source>
            <translation>%1, результат</translation>
        </message>
        <message>
            <source>its end time or result does not match its checksum: %1.</source>
            <translation>время окончания или результат не совпадают с контрольной суммой: %1.</translation>
        </message>
        <message>
            <source>must be a JSON object.</source>
            <translation>должно быть объектом JSON.</translation>
        </message>
        <message>
            <source>its name or settings do not match its checksum: %1.</source>
            <translation>его название или настройки не совпадают с контрольной суммой: %1.</translation>
        </message>
        <message>
            <source>is missing: the next one stored is entry %1.</source>
            <translation>отсутствует: следующая сохранённая — запись %1.</translation>
        </message>
        <message>
            <source>is missing: the event's last checksum is not that of entry %1, so entries after it were lost, or %2.</source>
            <translation>отсутствует: последняя контрольная сумма турнира не от записи %1, значит, записи после неё потеряны, или %2.</translation>
        </message>
        <message>
            <source>%1, finished</source>
            <translation>%1, окончание</translation>
        </message>
        <message>
            <source>when it finished does not match its checksum: %1.</source>
            <translation>время окончания не совпадает с контрольной суммой: %1.</translation>
        </message>
        <message>
            <source>The event can't be copied as it is: %1</source>
            <translation>Турнир нельзя скопировать в таком виде: %1</translation>
        </message>
        <message>
            <source>Another device changed the event a moment ago, and this step no longer fits it: %1 Nothing was changed; look again at the event as it is now.</source>
            <translation>Другое устройство только что изменило турнир, и этот шаг к нему больше не подходит: %1 Ничего не изменено; посмотрите на турнир в его нынешнем виде.</translation>
        </message>
        <message>
            <source>Table %1's game is being played at %2: only that device changes it while it holds the table (it lets go when it leaves the table, or %3 seconds after it stops answering). Nothing was changed.</source>
            <translation>Партию за столом %1 ведут на устройстве %2: пока стол за ним, менять её может только оно (стол освобождается, когда устройство его покидает, или через %3 с после того, как оно перестало отвечать). Ничего не изменено.</translation>
        </message>
        <message>
            <source>the server</source>
            <translation>сервер</translation>
        </message>
        <message>
            <source>on the server %1</source>
            <translation>на сервере %1</translation>
        </message>
        <message>
            <source>%1 on %2</source>
            <translation>%1 на %2</translation>
        </message>
        <message>
            <source>The connection to the server dropped as a step was being saved; the server has it (step %1).</source>
            <translation>Связь с сервером оборвалась во время сохранения шага; шаг на сервере сохранён (шаг %1).</translation>
        </message>
        <message>
            <source>The connection to the server dropped before a step was saved; it was taken again on a new connection, and saved.</source>
            <translation>Связь с сервером оборвалась до сохранения шага; шаг выполнен заново через новое соединение и сохранён.</translation>
        </message>
        <message>
            <source>Tablelife could not save to the journal %1: this login may only read it (%2). Nothing was changed.</source>
            <translation>Tablelife не смог сохранить в журнал %1: этой учётной записи разрешено только чтение (%2). Ничего не изменено.</translation>
        </message>
        <message>
            <source>The connection to the server is closed.</source>
            <translation>Соединение с сервером закрыто.</translation>
        </message>
        <message>
            <source>Tablelife lost the server %1: %2.</source>
            <translation>Tablelife потерял связь с сервером %1: %2.</translation>
        </message>
        <message>
            <source>the connection to the server was lost (%1)</source>
            <translation>связь с сервером потеряна (%1)</translation>
        </message>
        <message>
            <source>Check the network and that the server is running, then try again.</source>
            <translation>Проверьте сеть и что сервер работает, затем повторите.</translation>
        </message>
        <message>
            <source>other devices kept changing the same thing at the same moment, and trying again did not get through</source>
            <translation>другие устройства одновременно меняли то же самое, и повторные попытки не прошли</translation>
        </message>
        <message>
            <source>Try again.</source>
            <translation>Повторите.</translation>
        </message>
        <message>
            <source>the server does not allow this login to do that</source>
            <translation>сервер не разрешает этой учётной записи это действие</translation>
        </message>
        <message>
            <source>A login that takes steps needs the role %1; %2 may only read.</source>
            <translation>Учётной записи, которая вносит изменения, нужна роль %1; роль %2 может только читать.</translation>
        </message>
        <message>
            <source>the server takes no writes now (a standby, or set read-only)</source>
            <translation>сервер сейчас не принимает записи (резервный сервер или режим только для чтения)</translation>
        </message>
        <message>
            <source>Point Tablelife at the server that takes writes.</source>
            <translation>Укажите Tablelife сервер, который принимает записи.</translation>
        </message>
        <message>
            <source>the server's disk is full</source>
            <translation>диск сервера заполнен</translation>
        </message>
        <message>
            <source>Free some space on the server, then try again.</source>
            <translation>Освободите место на сервере, затем повторите.</translation>
        </message>
        <message>
            <source>the server is out of memory</source>
            <translation>серверу не хватает памяти</translation>
        </message>
        <message>
            <source>Try again in a moment.</source>
            <translation>Повторите через минуту.</translation>
        </message>
        <message>
            <source>the server has no room for another connection</source>
            <translation>сервер не принимает больше соединений</translation>
        </message>
        <message>
            <source>Close a device, or raise the server's max_connections.</source>
            <translation>Закройте одно из устройств или увеличьте max_connections на сервере.</translation>
        </message>
        <message>
            <source>the server cancelled it</source>
            <translation>сервер отменил действие</translation>
        </message>
        <message>
            <source>the server has no Tablelife journal</source>
            <translation>на сервере нет журнала Tablelife</translation>
        </message>
        <message>
            <source>Run tablelife server init first.</source>
            <translation>Сначала выполните tablelife server init.</translation>
        </message>
        <message>
            <source>a name holds a character the server can't store</source>
            <translation>в имени есть символ, который сервер не может сохранить</translation>
        </message>
        <message>
            <source>Type it again without it.</source>
            <translation>Введите имя заново без него.</translation>
        </message>
        <message>
            <source>Tablelife can't use the server %1: %2.</source>
            <translation>Tablelife не может работать с сервером %1: %2.</translation>
        </message>
        <message>
            <source>This login may only read the journal on the server %1 (%2): nothing can be changed from here.</source>
            <translation>Этой учётной записи разрешено только читать журнал на сервере %1 (%2): отсюда ничего нельзя изменить.</translation>
        </message>
        <message>
            <source>Tablelife can't reach the server %1: %2.</source>
            <translation>Tablelife не может связаться с сервером %1: %2.</translation>
        </message>
        <message>
            <source>The server %1 has no Tablelife journal yet: run tablelife server init (as the database's owner) first.</source>
            <translation>На сервере %1 ещё нет журнала Tablelife: сначала выполните tablelife server init (от имени владельца базы данных).</translation>
        </message>
        <message>
            <source>The login %1 may not use the journal on the server %2: grant it %3 (to take steps) or %4 (to read).</source>
            <translation>Учётной записи %1 не разрешено работать с журналом на сервере %2: выдайте ей роль %3 (вносить изменения) или %4 (читать).</translation>
        </message>
        <message>
            <source>The journal on the server %1 is of an older Tablelife (journal version %2; this one writes %3): run tablelife server init to bring it up to date.</source>
            <translation>Журнал на сервере %1 создан более старой версией Tablelife (версия журнала %2; эта версия пишет %3): выполните tablelife server init, чтобы обновить его.</translation>
        </message>
        <message>
            <source>The journal on the server %1 was written by a newer Tablelife (journal version %2; this one knows up to %3). It was left untouched: update Tablelife to use it.</source>
            <translation>Журнал на сервере %1 записан более новой версией Tablelife (версия журнала %2; эта версия знает версии до %3). Он оставлен без изменений: обновите Tablelife, чтобы работать с ним.</translation>
        </message>
        <message>
            <source>The journal on the server %1 is not Tablelife's: its table %2 is missing or changed.</source>
            <translation>Журнал на сервере %1 не принадлежит Tablelife: таблица %2 отсутствует или изменена.</translation>
        </message>
        <message>
            <source>The server %1 could not be set up: %2.</source>
            <translation>Не удалось настроить сервер %1: %2.</translation>
        </message>
        <message>
            <source>The database %1 holds text as %2: Tablelife needs a UTF8 database (createdb -E UTF8 -T template0 NAME). Nothing was changed.</source>
            <translation>База данных %1 хранит текст в кодировке %2: Tablelife нужна база данных в UTF8 (createdb -E UTF8 -T template0 ИМЯ). Ничего не изменено.</translation>
        </message>
        <message>
            <source>The login %1 lacks CREATEROLE, so it can't create the roles %2 on the server %3. Nothing was changed. Run tablelife server init as a login that has it (such as postgres), or have one run: %4</source>
            <translation>У учётной записи %1 нет права CREATEROLE, поэтому она не может создать роли %2 на сервере %3. Ничего не изменено. Выполните tablelife server init от имени учётной записи с этим правом (например, postgres) или попросите её владельца выполнить: %4</translation>
        </message>
        <message>
            <source>The login %1 may not create the schema %2 in the database %3: run tablelife server init as the database's owner. Nothing was changed.</source>
            <translation>Учётной записи %1 не разрешено создавать схему %2 в базе данных %3: выполните tablelife server init от имени владельца базы данных. Ничего не изменено.</translation>
        </message>
        <message>
            <source>Created the role %1.</source>
            <translation>Создана роль %1.</translation>
        </message>
        <message>
            <source>%1 may take every step and %2 may only read: give a login one of them with GRANT %1 TO login; (logins and their passwords are the server's, never Tablelife's).</source>
            <translation>Роль %1 может вносить любые изменения, а %2 может только читать: выдайте учётной записи одну из них командой GRANT %1 TO учётная_запись; (учётные записи и их пароли хранит сервер, а не Tablelife).</translation>
        </message>
        <message>
            <source>The schema %1 on the server %2 holds tables that are not Tablelife's: nothing was changed.</source>
            <translation>В схеме %1 на сервере %2 есть таблицы, не принадлежащие Tablelife: ничего не изменено.</translation>
        </message>
        <message>
            <source>The journal on the server %1 has a schema version (%2) no Tablelife wrote: nothing was changed.</source>
            <translation>У журнала на сервере %1 версия схемы (%2), которую не записывала ни одна версия Tablelife: ничего не изменено.</translation>
        </message>
        <message>
            <source>Created the journal on %1 (journal version %2).</source>
            <translation>Создан журнал на %1 (версия журнала %2).</translation>
        </message>
        <message>
            <source>Brought the journal on %1 from journal version %2 to %3.</source>
            <translation>Журнал на %1 обновлён с версии %2 до %3.</translation>
        </message>
        <message>
            <source>The journal on %1 is up to date (journal version %2).</source>
            <translation>Журнал на %1 не требует обновления (версия журнала %2).</translation>
        </message>
    </context>
    <context>
        <name>KeysDialog</name>
        <message>
            <source>select a player</source>
            <translation>выбрать игрока</translation>
        </message>
        <message>
            <source>±1 life</source>
            <translation>±1 жизнь</translation>
        </message>
        <message>
            <source>±5 life</source>
            <translation>±5 жизней</translation>
        </message>
        <message>
            <source>±1 poison</source>
            <translation>±1 счётчик яда</translation>
        </message>
        <message>
            <source>1 commander damage to the selected player from player 1–8's commander</source>
            <translation>1 урон выбранному игроку от командира игрока 1–8</translation>
        </message>
        <message>
            <source>the same from player 1–8's partner (second) commander</source>
            <translation>то же от второго командира (партнёра) игрока 1–8</translation>
        </message>
        <message>
            <source>resolve: commit what is pending</source>
            <translation>применить ожидающее</translation>
        </message>
        <message>
            <source>leave table mode; outside it, drop what is pending</source>
            <translation>выйти из режима стола; вне его — сбросить ожидающее</translation>
        </message>
        <message>
            <source>the selected player's menu</source>
            <translation>меню выбранного игрока</translation>
        </message>
        <message>
            <source>pass the turn</source>
            <translation>передать ход</translation>
        </message>
        <message>
            <source>undo / redo</source>
            <translation>отмена / повтор</translation>
        </message>
        <message>
            <source>new game</source>
            <translation>новая партия</translation>
        </message>
        <message>
            <source>show or hide the history</source>
            <translation>показать или скрыть историю</translation>
        </message>
        <message>
            <source>the life graph</source>
            <translation>график жизни</translation>
        </message>
        <message>
            <source>close the life graph, or a finished game's window</source>
            <translation>закрыть график жизни или окно завершённой партии</translation>
        </message>
        <message>
            <source>table mode: full screen with only the panels</source>
            <translation>режим стола: во весь экран, только панели</translation>
        </message>
        <message>
            <source>show the keys</source>
            <translation>список клавиш</translation>
        </message>
        <message>
            <source>before the first event: the selected player's team starts instead</source>
            <translation>до первого события: вместо этого начинает команда выбранного игрока</translation>
        </message>
        <message>
            <source>roll for first: everyone rolls a d20, the highest starts</source>
            <translation>бросок за первый ход: все бросают d20, начинает тот, у кого больше</translation>
        </message>
        <message>
            <source>roll a d20 / a d6</source>
            <translation>бросить d20 / d6</translation>
        </message>
        <message>
            <source>flip a coin</source>
            <translation>бросить монету</translation>
        </message>
        <message>
            <source>the selected player becomes the monarch</source>
            <translation>выбранный игрок становится монархом</translation>
        </message>
        <message>
            <source>the selected player takes the initiative</source>
            <translation>выбранный игрок берёт инициативу</translation>
        </message>
        <message>
            <source>the selected player casts their commander / partner: +2 tax</source>
            <translation>выбранный игрок разыгрывает командира / партнёра: налог +2</translation>
        </message>
        <message>
            <source>±1 energy</source>
            <translation>±1 энергия</translation>
        </message>
        <message>
            <source>±1 experience</source>
            <translation>±1 опыт</translation>
        </message>
        <message>
            <source>±1 rad</source>
            <translation>±1 радиация</translation>
        </message>
        <message>
            <source>±1 ticket</source>
            <translation>±1 билет</translation>
        </message>
        <message>
            <source>storm count ±1</source>
            <translation>счёт шторма ±1</translation>
        </message>
        <message>
            <source>day / night</source>
            <translation>день / ночь</translation>
        </message>
        <message>
            <source>Keys</source>
            <translation>Клавиши</translation>
        </message>
    </context>
    <context>
        <name>LanguageMenu</name>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Язык</translation>
        </message>
    </context>
    <context>
        <name>LateTeamDialog</name>
        <message>
            <source>Add a late team</source>
            <translation>Опоздавшая команда</translation>
        </message>
        <message>
            <source>The team's name:</source>
            <translation>Название команды:</translation>
        </message>
        <message numerus="yes">
            <source>Count the %n round(s) it missed as match losses</source>
            <translation>
                <numerusform>Засчитать пропущенный %n раунд как поражение в матче</numerusform>
                <numerusform>Засчитать пропущенные %n раунда как поражения в матчах</numerusform>
                <numerusform>Засчитать пропущенные %n раундов как поражения в матчах</numerusform>
            </translation>
        </message>
        <message>
            <source>It is paired from round 1 on, as every other team.</source>
            <translation>Она играет с 1-го раунда, как и все команды.</translation>
        </message>
        <message>
            <source>It is paired from the next round on.</source>
            <translation>Она играет со следующего раунда.</translation>
        </message>
        <message>
            <source>Each round it missed is a match loss with no games: it counts in its match-win %, not in its game-win % (as stores record a late entry).</source>
            <translation>Каждый пропущенный раунд — поражение в матче без партий: оно учитывается в проценте побед в матчах, но не в проценте выигранных партий (так магазины записывают опоздавших).</translation>
        </message>
        <message>
            <source>The rounds it missed count for nothing (a house rule): a bye next round would show a match-win % of 100.</source>
            <translation>Пропущенные раунды не засчитываются (правило клуба): бай в следующем раунде даст 100 % побед в матчах.</translation>
        </message>
    </context>
    <context>
        <name>LifeGraph</name>
        <message>
            <source>Life graph</source>
            <translation>График жизни</translation>
        </message>
        <message numerus="yes">
            <source>Life after %n event(s): %1</source>
            <translation>
                <numerusform>Жизнь после %n события: %1</numerusform>
                <numerusform>Жизнь после %n событий: %1</numerusform>
                <numerusform>Жизнь после %n событий: %1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n event(s)</source>
            <translation>
                <numerusform>%n событие</numerusform>
                <numerusform>%n события</numerusform>
                <numerusform>%n событий</numerusform>
            </translation>
        </message>
        <message>
            <source>Poison</source>
            <translation>Яд</translation>
        </message>
        <message>
            <source>Life</source>
            <translation>Жизнь</translation>
        </message>
    </context>
    <context>
        <name>LifeGraphWindow</name>
        <message>
            <source>Life graph</source>
            <translation>График жизни</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>F1 shows the keys.</source>
            <translation>F1 — список клавиш.</translation>
        </message>
        <message>
            <source>History</source>
            <translation>История</translation>
        </message>
        <message>
            <source>Table</source>
            <translation>Стол</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Файл</translation>
        </message>
        <message>
            <source>&amp;Game</source>
            <translation>&amp;Партия</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Правка</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Вид</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Справка</translation>
        </message>
        <message>
            <source>&amp;Recent games</source>
            <translation>Н&amp;едавние партии</translation>
        </message>
        <message>
            <source>&amp;Theme</source>
            <translation>&amp;Тема</translation>
        </message>
        <message>
            <source>&amp;New game…</source>
            <translation>&amp;Новая партия…</translation>
        </message>
        <message>
            <source>&amp;Resolve</source>
            <translation>&amp;Применить</translation>
        </message>
        <message>
            <source>Commit the pending taps as one event (Enter)</source>
            <translation>Применить ожидающие нажатия одним событием (Enter)</translation>
        </message>
        <message>
            <source>&amp;Drop pending</source>
            <translation>&amp;Сбросить ожидающее</translation>
        </message>
        <message>
            <source>Leave table mode</source>
            <translation>Выйти из режима стола</translation>
        </message>
        <message>
            <source>&amp;Pass turn</source>
            <translation>Передать &amp;ход</translation>
        </message>
        <message>
            <source>Declare a dra&amp;w…</source>
            <translation>Объявить &amp;ничью…</translation>
        </message>
        <message>
            <source>Ne&amp;xt game of the match</source>
            <translation>С&amp;ледующая партия матча</translation>
        </message>
        <message>
            <source>The same players again; the loser of this game chooses who starts (CR 103.1)</source>
            <translation>Те же игроки снова; кто начинает, выбирает проигравший эту партию (CR 103.1)</translation>
        </message>
        <message>
            <source>Who starts, dice and the &amp;table</source>
            <translation>Кто начинает, кубики и с&amp;тол</translation>
        </message>
        <message>
            <source>The selected &amp;player's counters</source>
            <translation>Счётчики выбранного &amp;игрока</translation>
        </message>
        <message>
            <source>&amp;Idle time before taps count…</source>
            <translation>Па&amp;уза до применения нажатий…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>В&amp;ыход</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Отмена</translation>
        </message>
        <message>
            <source>Redo</source>
            <translation>Повтор</translation>
        </message>
        <message>
            <source>&amp;History</source>
            <translation>&amp;История</translation>
        </message>
        <message>
            <source>System</source>
            <translation>Системная</translation>
        </message>
        <message>
            <source>Light</source>
            <translation>Светлая</translation>
        </message>
        <message>
            <source>Dark</source>
            <translation>Тёмная</translation>
        </message>
        <message>
            <source>Life &amp;graph</source>
            <translation>&amp;График жизни</translation>
        </message>
        <message>
            <source>&amp;Table mode</source>
            <translation>&amp;Режим стола</translation>
        </message>
        <message>
            <source>Full screen with only the panels; Esc or F11 leaves it (F11)</source>
            <translation>Во весь экран, только панели; выход — Esc или F11 (F11)</translation>
        </message>
        <message>
            <source>&amp;Keys…</source>
            <translation>&amp;Клавиши…</translation>
        </message>
        <message>
            <source>&amp;About Tablelife</source>
            <translation>&amp;О программе Tablelife</translation>
        </message>
        <message>
            <source>Tablelife — %1 (read-only)</source>
            <translation>Tablelife — %1 (только чтение)</translation>
        </message>
        <message>
            <source>Undo pending taps</source>
            <translation>Отменить ожидающие нажатия</translation>
        </message>
        <message>
            <source>Undo %1</source>
            <translation>Отменить: %1</translation>
        </message>
        <message>
            <source>Redo %1</source>
            <translation>Повторить: %1</translation>
        </message>
        <message>
            <source>Dropped the pending taps.</source>
            <translation>Ожидающие нажатия сброшены.</translation>
        </message>
        <message>
            <source>The match's next game begins once this game is over.</source>
            <translation>Следующая партия матча начнётся, когда закончится эта.</translation>
        </message>
        <message>
            <source>The next game: %1 lost the last one, so they choose who starts (CR 103.1): S, or the die on the banner, changes it.</source>
            <translation>Следующая партия: %1 проиграли прошлую, поэтому выбирают, кто начинает (CR 103.1); изменить — S или кубик на баннере.</translation>
        </message>
        <message>
            <source>The next game: %1 lost the last one, so %1 chooses who starts (CR 103.1): S, or the die on the banner, changes it.</source>
            <translation>Следующая партия: %1 проиграл(а) прошлую, поэтому выбирает, кто начинает (CR 103.1); изменить — S или кубик на баннере.</translation>
        </message>
        <message>
            <source>The next game: the last one was a draw, so %1 choose again, as they did then (CR 103.1): S, or the die on the banner, changes it.</source>
            <translation>Следующая партия: прошлая закончилась вничью, поэтому снова выбирают %1, как и тогда (CR 103.1); изменить — S или кубик на баннере.</translation>
        </message>
        <message>
            <source>The next game: the last one was a draw, so %1 chooses again, as then (CR 103.1): S, or the die on the banner, changes it.</source>
            <translation>Следующая партия: прошлая закончилась вничью, поэтому снова выбирает %1, как и тогда (CR 103.1); изменить — S или кубик на баннере.</translation>
        </message>
        <message>
            <source>The next game: several players lost the last one, so the table chooses who starts (S) or rolls for it (F) (CR 103.1).</source>
            <translation>Следующая партия: прошлую проиграли несколько игроков, поэтому кто начинает, выбирает стол (S) или бросок (F) (CR 103.1).</translation>
        </message>
        <message>
            <source>The next game: the last one was a draw and nobody chose who started it, so the table chooses who starts (S) or rolls for it (F) (CR 103.1).</source>
            <translation>Следующая партия: прошлая закончилась вничью, и начинающего тогда никто не выбирал, поэтому кто начинает, выбирает стол (S) или бросок (F) (CR 103.1).</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>No finished games yet</source>
            <translation>Завершённых партий пока нет</translation>
        </message>
        <message>
            <source>Damaged: %1</source>
            <translation>Повреждена: %1</translation>
        </message>
        <message>
            <source>Imported games</source>
            <translation>Импортированные партии</translation>
        </message>
        <message>
            <source>Take back a game</source>
            <translation>Вернуть партию</translation>
        </message>
        <message>
            <source>Leave the game in progress for that one? Both are kept.</source>
            <translation>Оставить текущую партию ради той? Обе сохранятся.</translation>
        </message>
        <message>
            <source>That game could not be taken back: %1</source>
            <translation>Эту партию не удалось вернуть: %1</translation>
        </message>
        <message>
            <source>The game is back, as it was left.</source>
            <translation>Партия возвращена такой, какой её оставили.</translation>
        </message>
        <message>
            <source>That game could not be opened: %1</source>
            <translation>Эту партию не удалось открыть: %1</translation>
        </message>
        <message>
            <source>Idle time</source>
            <translation>Пауза</translation>
        </message>
        <message>
            <source>Milliseconds after the last tap before it counts by itself (250 to 10,000):</source>
            <translation>Через сколько миллисекунд после последнего нажатия оно применится само (от 250 до 10 000):</translation>
        </message>
        <message>
            <source>New game</source>
            <translation>Новая партия</translation>
        </message>
        <message>
            <source>A game is in progress. Start a new one anyway? (It is kept: File → Recent games takes it back.)</source>
            <translation>Партия ещё идёт. Всё равно начать новую? (Она сохранится: её вернёт Файл → Недавние партии.)</translation>
        </message>
        <message>
            <source>No room for the history beside the panels: it comes back when the window is wider (or the history is moved below them).</source>
            <translation>Истории нет места рядом с панелями: она вернётся, когда окно станет шире (или если перенести историю под панели).</translation>
        </message>
        <message>
            <source>The history is folded away: no room beside the panels (Ctrl+H)</source>
            <translation>История свёрнута: рядом с панелями нет места (Ctrl+H)</translation>
        </message>
        <message>
            <source>Show or hide the history (Ctrl+H)</source>
            <translation>Показать или скрыть историю (Ctrl+H)</translation>
        </message>
    </context>
    <context>
        <name>MarkWords</name>
        <message>
            <source>The selected player's team starts</source>
            <translation>Начинает команда выбранного игрока</translation>
        </message>
        <message>
            <source>Roll for first (everyone rolls a d20)</source>
            <translation>Бросок за первый ход (все бросают d20)</translation>
        </message>
        <message>
            <source>Roll a d20</source>
            <translation>Бросить d20</translation>
        </message>
        <message>
            <source>Roll a d6</source>
            <translation>Бросить d6</translation>
        </message>
        <message>
            <source>Flip a coin</source>
            <translation>Бросить монету</translation>
        </message>
        <message>
            <source>Becomes the monarch</source>
            <translation>Становится монархом</translation>
        </message>
        <message>
            <source>Takes the initiative</source>
            <translation>Берёт инициативу</translation>
        </message>
        <message>
            <source>Casts their commander (+2 tax)</source>
            <translation>Разыгрывает командира (налог +2)</translation>
        </message>
        <message>
            <source>Casts their second commander (+2 tax)</source>
            <translation>Разыгрывает второго командира (налог +2)</translation>
        </message>
        <message>
            <source>+1 energy</source>
            <translation>+1 энергия</translation>
        </message>
        <message>
            <source>−1 energy</source>
            <translation>−1 энергия</translation>
        </message>
        <message>
            <source>+1 experience</source>
            <translation>+1 опыт</translation>
        </message>
        <message>
            <source>−1 experience</source>
            <translation>−1 опыт</translation>
        </message>
        <message>
            <source>+1 rad</source>
            <translation>+1 радиация</translation>
        </message>
        <message>
            <source>−1 rad</source>
            <translation>−1 радиация</translation>
        </message>
        <message>
            <source>+1 ticket</source>
            <translation>+1 билет</translation>
        </message>
        <message>
            <source>−1 ticket</source>
            <translation>−1 билет</translation>
        </message>
        <message>
            <source>A spell cast: storm count +1</source>
            <translation>Разыграно заклинание: счёт шторма +1</translation>
        </message>
        <message>
            <source>Storm count −1</source>
            <translation>Счёт шторма −1</translation>
        </message>
        <message>
            <source>Day / night</source>
            <translation>День / ночь</translation>
        </message>
        <message>
            <source>%1 choose who starts (CR 103.1): %2 start.</source>
            <translation>%1 выбирают, кто начинает (CR 103.1): начинают %2.</translation>
        </message>
        <message>
            <source>%1 chooses who starts (CR 103.1): %2 starts.</source>
            <translation>%1 выбирает, кто начинает (CR 103.1): начинает %2.</translation>
        </message>
        <message>
            <source>Rolled for first: %1 start.</source>
            <translation>Бросок за первый ход: начинают %1.</translation>
        </message>
        <message>
            <source>Rolled for first: %1 starts.</source>
            <translation>Бросок за первый ход: начинает %1.</translation>
        </message>
        <message>
            <source>Chosen at the table: %1 start.</source>
            <translation>Выбрано за столом: начинают %1.</translation>
        </message>
        <message>
            <source>Chosen at the table: %1 starts.</source>
            <translation>Выбрано за столом: начинает %1.</translation>
        </message>
        <message>
            <source>%1 start: %2</source>
            <translation>Начинают %1: %2</translation>
        </message>
        <message>
            <source>%1 starts: %2</source>
            <translation>Начинает %1: %2</translation>
        </message>
        <message>
            <source>d%1: %2</source>
            <translation>d%1: %2</translation>
        </message>
        <message>
            <source>Heads</source>
            <translation>Орёл</translation>
        </message>
        <message>
            <source>Tails</source>
            <translation>Решка</translation>
        </message>
        <message>
            <source>%1 is the monarch</source>
            <translation>%1 — монарх</translation>
        </message>
        <message>
            <source>monarch</source>
            <translation>монарх</translation>
        </message>
        <message>
            <source>%1 has the initiative</source>
            <translation>Инициатива у %1</translation>
        </message>
        <message>
            <source>initiative</source>
            <translation>инициатива</translation>
        </message>
        <message numerus="yes">
            <source>%1’s second commander: cast %n time(s), tax +%2</source>
            <translation>
                <numerusform>Второй командир (%1): разыгран %n раз, налог +%2</numerusform>
                <numerusform>Второй командир (%1): разыгран %n раза, налог +%2</numerusform>
                <numerusform>Второй командир (%1): разыгран %n раз, налог +%2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1’s commander: cast %n time(s), tax +%2</source>
            <translation>
                <numerusform>Командир (%1): разыгран %n раз, налог +%2</numerusform>
                <numerusform>Командир (%1): разыгран %n раза, налог +%2</numerusform>
                <numerusform>Командир (%1): разыгран %n раз, налог +%2</numerusform>
            </translation>
        </message>
        <message>
            <source>Click: another cast. Right-click: take one back.</source>
            <translation>Щелчок — ещё один розыгрыш. Правый щелчок — отменить один.</translation>
        </message>
        <message>
            <source>tax</source>
            <translation>налог</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n %2 counter(s)</source>
            <translation>
                <numerusform>%1: %n счётчик %2</numerusform>
                <numerusform>%1: %n счётчика %2</numerusform>
                <numerusform>%1: %n счётчиков %2</numerusform>
            </translation>
        </message>
        <message>
            <source>Click: +1. Right-click: −1.</source>
            <translation>Щелчок: +1. Правый щелчок: −1.</translation>
        </message>
        <message>
            <source>Who starts?</source>
            <translation>Кто начинает?</translation>
        </message>
        <message>
            <source>Choose who starts (S: the selected player's team) or roll for it (F).</source>
            <translation>Выберите, кто начинает (S: команда выбранного игрока), или бросьте кубики (F).</translation>
        </message>
        <message>
            <source>%1 start</source>
            <translation>Начинают %1</translation>
        </message>
        <message>
            <source>%1 starts</source>
            <translation>Начинает %1</translation>
        </message>
        <message>
            <source>day</source>
            <translation>день</translation>
        </message>
        <message>
            <source>night</source>
            <translation>ночь</translation>
        </message>
        <message>
            <source>storm %1</source>
            <translation>шторм %1</translation>
        </message>
        <message numerus="yes">
            <source>%n spell(s) cast this turn.</source>
            <translation>
                <numerusform>В этом ходу разыграно %n заклинание.</numerusform>
                <numerusform>В этом ходу разыграно %n заклинания.</numerusform>
                <numerusform>В этом ходу разыграно %n заклинаний.</numerusform>
            </translation>
        </message>
        <message>
            <source>Monarch, initiative, tax and counters</source>
            <translation>Монарх, инициатива, налог и счётчики</translation>
        </message>
        <message>
            <source>Take back a commander cast</source>
            <translation>Отменить один розыгрыш командира</translation>
        </message>
    </context>
    <context>
        <name>Names</name>
        <message>
            <source>shows nothing</source>
            <translation>не содержит видимых символов</translation>
        </message>
        <message>
            <source>has nobody on one side of “&amp;”</source>
            <translation>без игрока по одну сторону от «&amp;»</translation>
        </message>
        <message>
            <source>is the word for a drawn match</source>
            <translation>совпадает со словом для ничьей в матче</translation>
        </message>
        <message>
            <source>is %1 characters long: at most %2</source>
            <translation>слишком длинное (символов: %1, можно не больше %2)</translation>
        </message>
        <message>
            <source>has a broken character (%1, a lone surrogate)</source>
            <translation>содержит испорченный символ (%1, одиночный суррогат)</translation>
        </message>
        <message>
            <source>has a text-direction control character (%1)</source>
            <translation>содержит символ направления текста (%1)</translation>
        </message>
        <message>
            <source>has a control character (%1)</source>
            <translation>содержит управляющий символ (%1)</translation>
        </message>
        <message>
            <source>has an invisible character (%1)</source>
            <translation>содержит невидимый символ (%1)</translation>
        </message>
    </context>
    <context>
        <name>NewEventDialog</name>
        <message>
            <source>Two-Headed Giant</source>
            <translation>Двухголовый гигант</translation>
        </message>
        <message>
            <source>Two-player</source>
            <translation>Один на один</translation>
        </message>
        <message>
            <source>Free-for-all pods</source>
            <translation>Каждый сам за себя</translation>
        </message>
        <message>
            <source>Commander pods</source>
            <translation>Командир</translation>
        </message>
        <message>
            <source>Friday Night Magic</source>
            <translation>Турнир</translation>
        </message>
        <message>
            <source>New event</source>
            <translation>Новый турнир</translation>
        </message>
        <message>
            <source>Best of 1</source>
            <translation>Одна партия</translation>
        </message>
        <message>
            <source>Best of 3</source>
            <translation>До двух побед</translation>
        </message>
        <message>
            <source> min</source>
            <translation> мин</translation>
        </message>
        <message>
            <source>None</source>
            <comment>no single-elimination top cut</comment>
            <translation>Нет</translation>
        </message>
        <message>
            <source>Top 4</source>
            <translation>Топ-4</translation>
        </message>
        <message>
            <source>Top 8</source>
            <translation>Топ-8</translation>
        </message>
        <message>
            <source>One team a line, for example:
Ann &amp; Bob
Cal &amp; Dee</source>
            <translation>По команде в строке, например:
Аня &amp; Боря
Вика &amp; Гоша</translation>
        </message>
        <message>
            <source>Load a list…</source>
            <translation>Загрузить список…</translation>
        </message>
        <message>
            <source>A text file with one team a line</source>
            <translation>Текстовый файл, по команде в строке</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Название</translation>
        </message>
        <message>
            <source>Format</source>
            <translation>Формат</translation>
        </message>
        <message>
            <source>Pod size</source>
            <translation>Игроков за столом</translation>
        </message>
        <message>
            <source>Swiss rounds</source>
            <translation>Раундов по швейцарке</translation>
        </message>
        <message>
            <source>Matches</source>
            <translation>Матчи</translation>
        </message>
        <message>
            <source>Round length</source>
            <translation>Длина раунда</translation>
        </message>
        <message>
            <source>Single elimination after</source>
            <translation>Затем на выбывание</translation>
        </message>
        <message>
            <source>Teams</source>
            <translation>Команды</translation>
        </message>
        <message>
            <source>Load a list of teams</source>
            <translation>Загрузить список команд</translation>
        </message>
        <message>
            <source>Text (*.txt)</source>
            <translation>Текст (*.txt)</translation>
        </message>
        <message>
            <source>it is over 1 MiB: that is not a list of teams</source>
            <translation>он больше 1 МиБ: это не список команд</translation>
        </message>
        <message>
            <source>it is not UTF-8 text</source>
            <translation>это не текст в UTF-8</translation>
        </message>
        <message>
            <source>%1 can't be read: %2.</source>
            <translation>Файл %1 не прочитать: %2.</translation>
        </message>
    </context>
    <context>
        <name>NewGameDialog</name>
        <message>
            <source>New game</source>
            <translation>Новая партия</translation>
        </message>
        <message>
            <source>Preset</source>
            <translation>Формат</translation>
        </message>
        <message>
            <source>&amp;Preset</source>
            <translation>&amp;Формат</translation>
        </message>
        <message>
            <source>Starting life (house rule)</source>
            <translation>Начальная жизнь (домашнее правило)</translation>
        </message>
        <message>
            <source>Poison limit (house rule)</source>
            <translation>Предел яда (домашнее правило)</translation>
        </message>
        <message>
            <source>Starting &amp;life</source>
            <translation>&amp;Начальная жизнь</translation>
        </message>
        <message>
            <source>P&amp;oison limit</source>
            <translation>Предел &amp;яда</translation>
        </message>
        <message>
            <source>House rules</source>
            <translation>Домашние правила</translation>
        </message>
        <message>
            <source>Names (empty for the default)</source>
            <translation>Имена (пусто — по умолчанию)</translation>
        </message>
        <message>
            <source>Name length</source>
            <translation>Длина имени</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>Начать</translation>
        </message>
        <message>
            <source>&amp;Heads per team</source>
            <translation>&amp;Голов в команде</translation>
        </message>
        <message>
            <source>&amp;Players</source>
            <translation>&amp;Игроков</translation>
        </message>
        <message>
            <source>Team %1</source>
            <translation>Команда %1</translation>
        </message>
        <message>
            <source>Name of %1</source>
            <translation>Имя: %1</translation>
        </message>
        <message numerus="yes">
            <source>At most %n characters.</source>
            <translation>
                <numerusform>Не больше %n символа.</numerusform>
                <numerusform>Не больше %n символов.</numerusform>
                <numerusform>Не больше %n символов.</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>Starting life</source>
            <translation>Начальная жизнь</translation>
        </message>
        <message>
            <source>Poison limit</source>
            <translation>Предел яда</translation>
        </message>
        <message numerus="yes">
            <source>A name can be at most %n characters long; the field stops there.</source>
            <translation>
                <numerusform>Имя не длиннее %n символа: дальше поле не принимает.</numerusform>
                <numerusform>Имя не длиннее %n символов: дальше поле не принимает.</numerusform>
                <numerusform>Имя не длиннее %n символов: дальше поле не принимает.</numerusform>
            </translation>
        </message>
        <message>
            <source>Starting life %1 (the rules say %2).</source>
            <translation>Начальная жизнь %1 (по правилам %2).</translation>
        </message>
        <message>
            <source>Poison limit %1 (the rules say %2).</source>
            <translation>Предел яда %1 (по правилам %2).</translation>
        </message>
        <message>
            <source>This setup is not in the rules.</source>
            <translation>Такой расклад правилами не предусмотрен.</translation>
        </message>
        <message>
            <source>House rules: %1</source>
            <translation>Домашние правила: %1</translation>
        </message>
    </context>
    <context>
        <name>NumberDialog</name>
        <message>
            <source>Type a whole number.</source>
            <translation>Введите целое число.</translation>
        </message>
        <message>
            <source>“%1” is not a whole number.</source>
            <translation>«%1» — не целое число.</translation>
        </message>
        <message>
            <source>%1 is too small: the least is %2.</source>
            <translation>%1 — слишком мало: наименьшее — %2.</translation>
        </message>
        <message>
            <source>%1 is too large: the most is %2.</source>
            <translation>%1 — слишком много: наибольшее — %2.</translation>
        </message>
        <message>
            <source>input problem</source>
            <translation>ошибка ввода</translation>
        </message>
    </context>
    <context>
        <name>PairingsDialog</name>
        <message>
            <source>Enter pairings by hand</source>
            <translation>Пары вручную</translation>
        </message>
        <message>
            <source>One table a line, in table order:
Ann &amp; Bob v Cal &amp; Dee</source>
            <translation>По столу в строке, по порядку столов (между командами — «v»):
Аня &amp; Боря v Вика &amp; Гоша</translation>
        </message>
        <message>
            <source>Teams: %1</source>
            <translation>Команды: %1</translation>
        </message>
    </context>
    <context>
        <name>Paper</name>
        <message>
            <source>Round %1 (single elimination)</source>
            <translation>Раунд %1 (на выбывание)</translation>
        </message>
        <message>
            <source>Round %1</source>
            <translation>Раунд %1</translation>
        </message>
        <message>
            <source>Printed %1</source>
            <translation>Напечатано %1</translation>
        </message>
        <message>
            <source>page %1 of %2</source>
            <translation>страница %1 из %2</translation>
        </message>
        <message>
            <source>%1 · pairings by name</source>
            <translation>%1 · пары по именам</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Имя</translation>
        </message>
        <message>
            <source>Table</source>
            <translation>Стол</translation>
        </message>
        <message>
            <source>Team, and whom it plays</source>
            <translation>Команда и её соперник</translation>
        </message>
        <message>
            <source>bye</source>
            <translation>бай</translation>
        </message>
        <message>
            <source>vs %1</source>
            <translation>против %1</translation>
        </message>
        <message>
            <source>a bye: a match win</source>
            <translation>бай: победа в матче</translation>
        </message>
        <message>
            <source>%1 · pairings by table</source>
            <translation>%1 · пары по столам</translation>
        </message>
        <message>
            <source>Teams</source>
            <translation>Команды</translation>
        </message>
        <message>
            <source>%1: a bye, a match win</source>
            <translation>%1: бай, победа в матче</translation>
        </message>
        <message>
            <source> vs </source>
            <comment>between the teams at a table</comment>
            <translation> – </translation>
        </message>
        <message>
            <source>Table %1</source>
            <translation>Стол %1</translation>
        </message>
        <message>
            <source>Won</source>
            <comment>a pod's winner: tick</comment>
            <translation>Победа</translation>
        </message>
        <message>
            <source>Games won</source>
            <translation>Выиграно партий</translation>
        </message>
        <message>
            <source>Team</source>
            <translation>Команда</translation>
        </message>
        <message>
            <source>Drop</source>
            <translation>Выход</translation>
        </message>
        <message>
            <source>Signature</source>
            <translation>Подпись</translation>
        </message>
        <message>
            <source>Drawn game (tick)</source>
            <translation>Ничья (отметьте)</translation>
        </message>
        <message>
            <source>Games drawn</source>
            <translation>Ничьих партий</translation>
        </message>
        <message>
            <source>No draws in single elimination (MTR 2.4).</source>
            <translation>На выбывание ничьих не бывает (MTR 2.4).</translation>
        </message>
        <message>
            <source>Best of %1.</source>
            <translation>Матч до %1 партий.</translation>
        </message>
        <message>
            <source>%1 — result slips</source>
            <translation>%1 — бланки результатов</translation>
        </message>
    </context>
    <context>
        <name>Percent</name>
        <message>
            <source>%1%</source>
            <comment>a percentage: 33.33%</comment>
            <translation>%1 %</translation>
        </message>
    </context>
    <context>
        <name>Presets</name>
        <message>
            <source>Two-Headed Giant</source>
            <translation>Двухголовый гигант</translation>
        </message>
        <message>
            <source>Three-Headed Giant</source>
            <translation>Трёхголовый гигант</translation>
        </message>
        <message>
            <source>Four-Headed Giant</source>
            <translation>Четырёхголовый гигант</translation>
        </message>
        <message>
            <source>Free-for-all (20 life)</source>
            <translation>Каждый сам за себя (20 жизней)</translation>
        </message>
        <message>
            <source>Free-for-all (40 life)</source>
            <translation>Каждый сам за себя (40 жизней)</translation>
        </message>
        <message>
            <source>Commander</source>
            <translation>Командир</translation>
        </message>
    </context>
    <context>
        <name>QDockWidget</name>
        <message>
            <source>Close</source>
            <translation>Закрыть</translation>
        </message>
        <message>
            <source>Float</source>
            <translation>Открепить</translation>
        </message>
    </context>
    <context>
        <name>Rules</name>
        <message>
            <source>The starting team skips its first draw (CR 103.8b).</source>
            <translation>Начинающая команда пропускает первое взятие карты (CR 103.8b).</translation>
        </message>
        <message>
            <source>The starting player skips their first draw (CR 103.8a).</source>
            <translation>Начинающий игрок пропускает первое взятие карты (CR 103.8a).</translation>
        </message>
        <message>
            <source>Nobody skips their first draw in a multiplayer game (CR 103.8c).</source>
            <translation>В многопользовательской игре первое взятие карты не пропускает никто (CR 103.8c).</translation>
        </message>
        <message>
            <source>The dice kept tying: roll for first again.</source>
            <translation>Кубики всё время выпадали поровну: бросьте за первый ход ещё раз.</translation>
        </message>
        <message>
            <source>Player %1</source>
            <translation>Игрок %1</translation>
        </message>
        <message>
            <source>%1 would have %2 poison counters: Tablelife keeps a total within %3.</source>
            <translation>%1: жетонов яда стало бы %2 — Tablelife держит счёт в пределах %3.</translation>
        </message>
        <message>
            <source>%1 would be at %2 life: Tablelife keeps a total within ±%3, as Set life does.</source>
            <translation>%1: жизни стало бы %2 — Tablelife держит счёт в пределах ±%3, как и «Задать жизнь».</translation>
        </message>
        <message>
            <source>There is nothing to apply.</source>
            <translation>Нечего применять.</translation>
        </message>
        <message>
            <source>The game is over: undo, or start a new game.</source>
            <translation>Партия окончена: отмените действие или начните новую партию.</translation>
        </message>
        <message>
            <source>That event was made for another moment of the game.</source>
            <translation>Это событие относится к другому моменту партии.</translation>
        </message>
        <message>
            <source>Tablelife plays Two-Headed Giant without commander damage.</source>
            <translation>В «Двухголовом гиганте» Tablelife не считает урон от командира.</translation>
        </message>
        <message>
            <source>This is not a Commander game: there is no commander damage.</source>
            <translation>Это не партия «Командира»: урона от командира нет.</translation>
        </message>
        <message>
            <source>%1 has left the game (CR 800.4a).</source>
            <translation>%1 уже не в игре (CR 800.4a).</translation>
        </message>
        <message>
            <source>%1 has left the game, and their commander with them (CR 800.4a).</source>
            <translation>%1 уже не в игре, и его командир тоже (CR 800.4a).</translation>
        </message>
        <message>
            <source>The amount can't be negative (%1).</source>
            <translation>Количество не может быть отрицательным (%1).</translation>
        </message>
        <message>
            <source>%1 is too large: at most %2.</source>
            <translation>%1 — слишком много: не больше %2.</translation>
        </message>
        <message>
            <source>%1 can't exchange life with themselves.</source>
            <translation>%1 не может обменяться жизнью сам с собой.</translation>
        </message>
        <message>
            <source>%1 and %2 are teammates: they can't exchange life totals (CR 810.9e).</source>
            <translation>%1 и %2 в одной команде: им нельзя обменяться количеством жизни (CR 810.9e).</translation>
        </message>
        <message>
            <source>The game has begun: who starts can't change now (CR 103.1).</source>
            <translation>Партия началась: кто начинает, теперь не изменить (CR 103.1).</translation>
        </message>
        <message>
            <source>This is not a Commander game: there is no commander tax.</source>
            <translation>Это не «Коммандер»: налога командира нет.</translation>
        </message>
        <message>
            <source>The rolls don't make %1 the starting team: each team rolls a d20, and the highest starts (CR 103.1).</source>
            <translation>По броскам начинают не %1: каждая команда бросает d20, начинает выбросившая больше (CR 103.1).</translation>
        </message>
        <message numerus="yes">
            <source>%1’s commander was cast %n time(s) from the command zone: no more casts to take back (CR 903.8).</source>
            <translation>
                <numerusform>Командир (%1) разыгран из командной зоны %n раз: больше отменять нечего (CR 903.8).</numerusform>
                <numerusform>Командир (%1) разыгран из командной зоны %n раза: больше отменять нечего (CR 903.8).</numerusform>
                <numerusform>Командир (%1) разыгран из командной зоны %n раз: больше отменять нечего (CR 903.8).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 has %n %2 counter(s): no more to remove (CR 122.1).</source>
            <translation>
                <numerusform>%1: всего %n счётчик %2 — больше снять нельзя (CR 122.1).</numerusform>
                <numerusform>%1: всего %n счётчика %2 — больше снять нельзя (CR 122.1).</numerusform>
                <numerusform>%1: всего %n счётчиков %2 — больше снять нельзя (CR 122.1).</numerusform>
            </translation>
        </message>
        <message>
            <source>The storm count is %1: it can't go below 0 (CR 702.40a).</source>
            <translation>Счёт шторма — %1: меньше 0 он быть не может (CR 702.40a).</translation>
        </message>
        <message>
            <source>%1 can't pay %2 life with %3 life (CR %4).</source>
            <translation>%1: нельзя заплатить %2, когда жизни всего %3 (CR %4).</translation>
        </message>
        <message>
            <source>%1 can't lose life, so can pay only 0 life (CR %2).</source>
            <translation>%1: терять жизнь нельзя, поэтому заплатить можно только 0 жизней (CR %2).</translation>
        </message>
        <message>
            <source>can't lose life</source>
            <translation>не может терять жизнь</translation>
        </message>
        <message>
            <source>can't gain life</source>
            <translation>не может получать жизнь</translation>
        </message>
        <message>
            <source>can't get poison</source>
            <translation>не может получать яд</translation>
        </message>
        <message>
            <source>had left the game</source>
            <translation>уже не в игре</translation>
        </message>
        <message>
            <source>the game had ended</source>
            <translation>партия уже окончена</translation>
        </message>
        <message>
            <source>can't lose the game</source>
            <translation>не может проиграть</translation>
        </message>
        <message>
            <source>can't win the game</source>
            <translation>не может выиграть</translation>
        </message>
        <message>
            <source>conceded</source>
            <translation>сдача партии</translation>
        </message>
        <message>
            <source>the game is a draw</source>
            <translation>ничья</translation>
        </message>
        <message>
            <source>unfinished when the match ended: a draw</source>
            <translation>не закончена к концу матча: ничья</translation>
        </message>
        <message>
            <source>the highest life total when the match ended</source>
            <translation>больше всего жизни к концу матча</translation>
        </message>
        <message>
            <source>a lower life total when the match ended</source>
            <translation>меньше жизни к концу матча</translation>
        </message>
        <message>
            <source>last one standing</source>
            <translation>все соперники выбыли</translation>
        </message>
        <message>
            <source>life 0 or less</source>
            <translation>жизнь 0 или меньше</translation>
        </message>
        <message>
            <source>%1 or more poison</source>
            <translation>%1 или больше счётчиков яда</translation>
        </message>
        <message>
            <source>21 or more combat damage from %1's commander</source>
            <translation>21 или больше боевого урона от командира %1</translation>
        </message>
        <message>
            <source>21 or more combat damage from %1's second commander</source>
            <translation>21 или больше боевого урона от второго командира %1</translation>
        </message>
        <message>
            <source>lost the game to an effect or an empty library</source>
            <translation>проигрыш от эффекта или пустой библиотеки</translation>
        </message>
        <message>
            <source>not the highest life total after a tie at time</source>
            <translation>меньше жизни, чем у лидера, после равенства в конце матча</translation>
        </message>
        <message>
            <source>%1, though it would also win</source>
            <translation>%1 (одновременная победа не спасает)</translation>
        </message>
        <message>
            <source>%1 won the game</source>
            <translation>победа за %1</translation>
        </message>
        <message>
            <source>everyone left lost at once: a draw</source>
            <translation>все оставшиеся проиграли одновременно: ничья</translation>
        </message>
        <message>
            <source>won the game by an effect</source>
            <translation>благодаря эффекту</translation>
        </message>
        <message>
            <source>%1 can't lose life (CR %2).</source>
            <translation>%1: терять жизнь нельзя (CR %2).</translation>
        </message>
        <message>
            <source>%1 can't gain life (CR %2).</source>
            <translation>%1: получать жизнь нельзя (CR %2).</translation>
        </message>
        <message>
            <source>%1 can't get poison (CR %2).</source>
            <translation>%1: получать яд нельзя (CR %2).</translation>
        </message>
        <message>
            <source>%1 left the game before their change applied.</source>
            <translation>%1 уже не в игре: изменение не применено.</translation>
        </message>
        <message>
            <source>%1 left the game before their commander's damage applied.</source>
            <translation>%1 уже не в игре: урон от командира не применён.</translation>
        </message>
        <message>
            <source>The exchange doesn't happen: %1 can't gain life (CR %2).</source>
            <translation>Обмена нет: %1 — получать жизнь нельзя (CR %2).</translation>
        </message>
        <message>
            <source>The exchange doesn't happen: %1 can't lose life (CR %2).</source>
            <translation>Обмена нет: %1 — терять жизнь нельзя (CR %2).</translation>
        </message>
        <message>
            <source>Tied at %1 life when the match ended: play goes on, and a team without the highest life total loses (MTR 2.4).</source>
            <translation>К концу матча у лидеров поровну жизни (%1): игра продолжается, и команда, у которой жизни меньше, чем у лидера, проигрывает (MTR 2.4).</translation>
        </message>
        <message>
            <source>Tied at %1 life when the match ended: play goes on, and a player without the highest life total loses (MTR 2.4).</source>
            <translation>К концу матча у лидеров поровну жизни (%1): игра продолжается, и игрок, у которого жизни меньше, чем у лидера, проигрывает (MTR 2.4).</translation>
        </message>
        <message>
            <source>%1 can't lose the game (CR %2).</source>
            <translation>%1: проиграть нельзя (CR %2).</translation>
        </message>
        <message>
            <source>%1 can't win the game (CR %2).</source>
            <translation>%1: выиграть нельзя (CR %2).</translation>
        </message>
        <message>
            <source>The game ended before %1 applied.</source>
            <translation>Партия окончилась раньше, чем применилось %1.</translation>
        </message>
        <message>
            <source>%1 left the game as the monarch: %2 becomes the monarch (CR 724.4).</source>
            <translation>Монарх %1 вышел(а) из игры: монархом становится %2 (CR 724.4).</translation>
        </message>
        <message>
            <source>%1 left the game with the initiative: %2 takes the initiative (CR 725.4).</source>
            <translation>%1 вышел(а) из игры с инициативой: инициативу берёт %2 (CR 725.4).</translation>
        </message>
        <message numerus="yes">
            <source>%1 names given for %n player(s).</source>
            <translation>
                <numerusform>Имён: %1, а игроков: %n.</numerusform>
                <numerusform>Имён: %1, а игроков: %n.</numerusform>
                <numerusform>Имён: %1, а игроков: %n.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 team names given for %n team(s).</source>
            <translation>
                <numerusform>Названий команд: %1, а команд: %n.</numerusform>
                <numerusform>Названий команд: %1, а команд: %n.</numerusform>
                <numerusform>Названий команд: %1, а команд: %n.</numerusform>
            </translation>
        </message>
        <message>
            <source>The player's name %1 %2.</source>
            <translation>Имя игрока %1 %2.</translation>
        </message>
        <message>
            <source>The team's name %1 %2.</source>
            <translation>Название команды %1 %2.</translation>
        </message>
        <message>
            <source>Two players are called %1: give each a different name.</source>
            <translation>Двух игроков зовут %1: дайте каждому своё имя.</translation>
        </message>
        <message>
            <source>Two teams are called %1: give each a different name.</source>
            <translation>Две команды называются %1: дайте каждой своё название.</translation>
        </message>
    </context>
    <context>
        <name>Scoreboard</name>
        <message>
            <source>Tablelife scoreboard — %1</source>
            <translation>Табло Tablelife — %1</translation>
        </message>
        <message>
            <source>%1 · Round %2</source>
            <translation>%1 · Раунд %2</translation>
        </message>
        <message>
            <source>Team</source>
            <translation>Команда</translation>
        </message>
        <message>
            <source>Points</source>
            <translation>Очки</translation>
        </message>
        <message>
            <source>OMW</source>
            <comment>opponents' match-win %</comment>
            <translation>OMW</translation>
        </message>
        <message>
            <source>GW</source>
            <comment>game-win %</comment>
            <translation>GW</translation>
        </message>
        <message>
            <source>OGW</source>
            <comment>opponents' game-win %</comment>
            <translation>OGW</translation>
        </message>
        <message>
            <source>Round %1 · pairings by name</source>
            <translation>Раунд %1 · пары по именам</translation>
        </message>
        <message>
            <source>%1 · %2 – %3 · page %4 of %5</source>
            <translation>%1 · %2 – %3 · страница %4 из %5</translation>
        </message>
        <message>
            <source>bye</source>
            <comment>a player's table in the pairings: none, a bye</comment>
            <translation>бай</translation>
        </message>
        <message>
            <source>Table %1 · Round %2</source>
            <translation>Стол %1 · Раунд %2</translation>
        </message>
        <message>
            <source>%1 · tables %2–%3 (page %4 of %5)</source>
            <translation>%1 · столы %2–%3 (страница %4 из %5)</translation>
        </message>
        <message>
            <source>%1 · standings, page %2 of %3</source>
            <translation>%1 · положение, страница %2 из %3</translation>
        </message>
        <message>
            <source>%1 · table %2 (page %3 of %4)</source>
            <translation>%1 · стол %2 (страница %3 из %4)</translation>
        </message>
    </context>
    <context>
        <name>Session</name>
        <message>
            <source>This folder can't be written: games are not saved.</source>
            <translation>В эту папку нельзя записывать: партии не сохраняются.</translation>
        </message>
        <message>
            <source>This game is not being saved: %1</source>
            <translation>Эта партия не сохраняется: %1</translation>
        </message>
        <message>
            <source>This game is not being saved.</source>
            <translation>Эта партия не сохраняется.</translation>
        </message>
        <message>
            <source>The last game could not be brought back: %1</source>
            <translation>Последнюю партию не удалось восстановить: %1</translation>
        </message>
        <message>
            <source>The journal could not be read: %1</source>
            <translation>Не удалось прочитать журнал: %1</translation>
        </message>
        <message numerus="yes">
            <source>%n game(s) in the journal could not be read: %1</source>
            <translation>
                <numerusform>Не удалось прочитать %n партию журнала: %1</numerusform>
                <numerusform>Не удалось прочитать %n партии журнала: %1</numerusform>
                <numerusform>Не удалось прочитать %n партий журнала: %1</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 It can be opened read-only from the journal, not played on.</source>
            <translation>%1 Её можно открыть из журнала только для чтения, но не играть дальше.</translation>
        </message>
        <message>
            <source>up to event %1</source>
            <translation>до события %1</translation>
        </message>
        <message>
            <source>as set up</source>
            <translation>как в начале</translation>
        </message>
        <message>
            <source>Game %1 can't be trusted: %2 It is shown read-only, %3; tablelife verify lists what is wrong.</source>
            <translation>Партии %1 нельзя доверять: %2 Она показана только для чтения, %3; что не так, скажет tablelife verify.</translation>
        </message>
    </context>
    <context>
        <name>StandingsDialog</name>
        <message>
            <source>Standings — %1</source>
            <translation>Турнирная таблица — %1</translation>
        </message>
        <message>
            <source>Match-win percentage</source>
            <translation>Процент выигранных матчей</translation>
        </message>
        <message>
            <source>Opponents' match-win percentage</source>
            <translation>Процент выигранных матчей соперников</translation>
        </message>
        <message>
            <source>Game-win percentage</source>
            <translation>Процент выигранных партий</translation>
        </message>
        <message>
            <source>Opponents' game-win percentage</source>
            <translation>Процент выигранных партий соперников</translation>
        </message>
        <message>
            <source>Print to PDF…</source>
            <translation>Печать в PDF…</translation>
        </message>
        <message>
            <source>Print the standings</source>
            <translation>Печать турнирной таблицы</translation>
        </message>
        <message>
            <source>%1 standings.pdf</source>
            <translation>%1, турнирная таблица.pdf</translation>
        </message>
        <message>
            <source>The PDF could not be written: %1</source>
            <translation>Не удалось записать PDF: %1</translation>
        </message>
        <message>
            <source>The PDF could not be written to %1.</source>
            <translation>Не удалось записать PDF в %1.</translation>
        </message>
        <message>
            <source>Printed to %1.</source>
            <translation>Напечатано в %1.</translation>
        </message>
    </context>
    <context>
        <name>Startup</name>
        <message>
            <source>Tablelife is already open on %1: its window was brought forward.</source>
            <translation>Tablelife уже открыт с папкой %1: его окно выведено вперёд.</translation>
        </message>
        <message>
            <source>Another Tablelife is using %1 and did not answer, so this window is read-only: nothing here is saved. Close the other one, then start Tablelife again.</source>
            <translation>Папкой %1 пользуется другой Tablelife, и он не ответил, поэтому это окно только для чтения: здесь ничего не сохраняется. Закройте другое окно и запустите Tablelife снова.</translation>
        </message>
        <message>
            <source>%1 So this window is read-only: nothing here is saved. Fix that, then start Tablelife again.</source>
            <translation>%1 Поэтому это окно только для чтения: здесь ничего не сохраняется. Исправьте это и запустите Tablelife снова.</translation>
        </message>
    </context>
    <context>
        <name>Steps</name>
        <message>
            <source>There is no team called %1 in %2.</source>
            <translation>В турнире %2 нет команды %1.</translation>
        </message>
        <message>
            <source>An event needs at least two teams, one a line.</source>
            <translation>Для турнира нужны хотя бы две команды, по одной в строке.</translation>
        </message>
        <message>
            <source>Two teams are called %1: give each a different name.</source>
            <translation>Две команды называются «%1»: дайте им разные названия.</translation>
        </message>
        <message>
            <source>The team's name %1 %2.</source>
            <translation>Название команды %1 %2.</translation>
        </message>
        <message>
            <source>%1 has a fixed table but is not one of the teams.</source>
            <translation>За %1 закреплён стол, но такой команды нет.</translation>
        </message>
        <message>
            <source>names one player: a Two-Headed Giant team is two, named as in “Ann &amp; Bob” (CR 810.1)</source>
            <translation>называет одного игрока: в «Двухголовом гиганте» команда — это двое, как в «Аня &amp; Боря» (CR 810.1)</translation>
        </message>
        <message>
            <source>names %1 players: a Two-Headed Giant team is two, named as in “Ann &amp; Bob” (CR 810.1)</source>
            <translation>называет игроков: %1, а в «Двухголовом гиганте» команда — это двое, как в «Аня &amp; Боря» (CR 810.1)</translation>
        </message>
        <message>
            <source>Line %1: the team's name %2 %3.</source>
            <translation>Строка %1: название команды %2 %3.</translation>
        </message>
        <message>
            <source>There is already a team called %1.</source>
            <translation>Команда %1 уже есть.</translation>
        </message>
        <message numerus="yes">
            <source>%1 missed %n round(s): each counts as a match loss with no games (in MW%, not in GW%).</source>
            <translation>
                <numerusform>%1 пропустила %n раунд: он засчитан как поражение в матче без партий (в MW%, но не в GW%).</numerusform>
                <numerusform>%1 пропустила %n раунда: каждый засчитан как поражение в матче без партий (в MW%, но не в GW%).</numerusform>
                <numerusform>%1 пропустила %n раундов: каждый засчитан как поражение в матче без партий (в MW%, но не в GW%).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 missed %n round(s): they count for nothing (no losses, a house rule).</source>
            <translation>
                <numerusform>%1 пропустила %n раунд: он не засчитывается (без поражений, правило клуба).</numerusform>
                <numerusform>%1 пропустила %n раунда: они не засчитываются (без поражений, правило клуба).</numerusform>
                <numerusform>%1 пропустила %n раундов: они не засчитываются (без поражений, правило клуба).</numerusform>
            </translation>
        </message>
        <message>
            <source>No round has been paired yet: there is none to take back.</source>
            <translation>Ни один раунд ещё не составлен: отменять нечего.</translation>
        </message>
        <message>
            <source>The event is over: its rounds stand.</source>
            <translation>Турнир окончен: его раунды остаются.</translation>
        </message>
        <message>
            <source>%1 has no table: every team still in the event plays (or has the bye).</source>
            <translation>У команды %1 нет стола: играет каждая команда, оставшаяся в турнире (или получает бай).</translation>
        </message>
        <message>
            <source>A pod is 3 to %1 teams, not %2: %3.</source>
            <translation>За столом от 3 до %1 команд, а не %2: %3.</translation>
        </message>
        <message>
            <source>A table is two teams (one for the bye), not %1: %2.</source>
            <translation>За столом две команды (одна — при бае), а не %1: %2.</translation>
        </message>
        <message>
            <source>A round has one bye at most.</source>
            <translation>В раунде не больше одного бая.</translation>
        </message>
        <message>
            <source>Table %1 is %2's bye: it needs no result.</source>
            <translation>Стол %1 — бай команды %2: результат не нужен.</translation>
        </message>
        <message>
            <source>%1 is not at table %2 in round %3: it seats %4.</source>
            <translation>%1 не сидит за столом %2 в раунде %3: там играют %4.</translation>
        </message>
        <message>
            <source>Table %1: %2</source>
            <translation>Стол %1: %2</translation>
        </message>
        <message>
            <source>%1 (bye)</source>
            <translation>%1 (бай)</translation>
        </message>
        <message>
            <source>No round has been paired yet: there is no round to enter a result for.</source>
            <translation>Пары ещё не составлены ни для одного раунда: результат вводить некуда.</translation>
        </message>
        <message>
            <source>There is no round %1: the rounds so far are 1 to %2.</source>
            <translation>Раунда %1 нет: пока сыграны раунды с 1 по %2.</translation>
        </message>
        <message>
            <source>Round %1 is corrected after later rounds were paired: their pairings stand, and the standings count the corrected result.</source>
            <translation>Раунд %1 исправлен после того, как составлены пары следующих раундов: эти пары остаются, а турнирная таблица учитывает исправленный результат.</translation>
        </message>
        <message>
            <source>Table %1 of round %2 decided who plays in round %3: its result can't change who went on while that match stands.</source>
            <translation>Стол %1 раунда %2 решил, кто играет в раунде %3: пока этот матч есть, его результат не может изменить, кто прошёл дальше.</translation>
        </message>
        <message>
            <source>Round %1 is corrected; who went on is unchanged.</source>
            <translation>Раунд %1 исправлен; кто прошёл дальше, не изменилось.</translation>
        </message>
        <message>
            <source>Table %1 of round %2 decided who plays in round %3: its result can't be taken back while that round stands.</source>
            <translation>Стол %1 раунда %2 решил, кто играет в раунде %3: пока этот раунд есть, его результат нельзя отменить.</translation>
        </message>
        <message>
            <source>An extension of 0 minutes changes nothing.</source>
            <translation>Продление на 0 минут ничего не меняет.</translation>
        </message>
        <message>
            <source>Table %1 is a bye: nobody plays there.</source>
            <translation>Стол %1 — бай: там никто не играет.</translation>
        </message>
        <message>
            <source>Table %1 has its result: it needs no more time.</source>
            <translation>У стола %1 уже есть результат: время ему больше не нужно.</translation>
        </message>
        <message>
            <source>Table %1 is in its additional turns, which count turns, not time (MTR 2.4): more time changes nothing. %1 undo takes a pass back.</source>
            <translation>Стол %1 играет дополнительные ходы, а они считаются ходами, а не временем (MTR 2.4): добавленное время ничего не меняет. %1 undo отменяет передачу хода.</translation>
        </message>
        <message>
            <source>Table %1 is in its additional turns, which count turns, not time (MTR 2.4): more time changes nothing. %1 turn -1 takes a turn back.</source>
            <translation>Стол %1 играет дополнительные ходы, а они считаются ходами, а не временем (MTR 2.4): добавленное время ничего не меняет. %1 turn -1 отменяет ход.</translation>
        </message>
        <message>
            <source>Table %1's game is tracked: passing the turn there (N) counts its additional turns (MTR 2.4), and undo takes one back.</source>
            <translation>Партия стола %1 отслеживается: дополнительные ходы там отсчитывает передача хода (N) (MTR 2.4), а отмена возвращает один.</translation>
        </message>
        <message>
            <source>The round can't be shortened to no time left.</source>
            <translation>Раунд нельзя сократить так, чтобы времени не осталось.</translation>
        </message>
        <message>
            <source>Pair a round first: there is no round clock yet.</source>
            <translation>Сначала составьте пары раунда: часов раунда ещё нет.</translation>
        </message>
        <message>
            <source>The event is over: its clock has stopped.</source>
            <translation>Турнир окончен: его часы остановлены.</translation>
        </message>
        <message>
            <source>Every table of round %1 has its result: pair the next round (Ctrl+P).</source>
            <translation>У всех столов раунда %1 есть результат: составьте пары следующего раунда (Ctrl+P).</translation>
        </message>
        <message>
            <source>The event's time is not ahead of this computer's clock.</source>
            <translation>Время турнира не опережает часы этого компьютера.</translation>
        </message>
        <message>
            <source>Pair a round first: there is no table to track.</source>
            <translation>Сначала составьте пары раунда: столов для отслеживания нет.</translation>
        </message>
        <message>
            <source>Table %1 is a bye: there is no game to track.</source>
            <translation>Стол %1 — бай: партии нет.</translation>
        </message>
        <message>
            <source>Table %1 has its result: there is no game to track. Type %2 result … to correct it.</source>
            <translation>У стола %1 уже есть результат: записывать партию не нужно. Чтобы исправить его, введите %2 result ….</translation>
        </message>
        <message>
            <source>Table %1 can't be tracked: %2</source>
            <translation>Партию за столом %1 нельзя вести: %2</translation>
        </message>
        <message>
            <source>Table %1's result was taken back at another desk a moment ago.</source>
            <translation>Результат стола %1 только что отменили на другом пульте.</translation>
        </message>
        <message>
            <source>%1 won</source>
            <translation>победила команда %1</translation>
        </message>
        <message>
            <source>a draw</source>
            <translation>ничья</translation>
        </message>
        <message>
            <source>Table %1's result was entered at another desk a moment ago: %2.</source>
            <translation>Результат стола %1 только что внесли на другом пульте: %2.</translation>
        </message>
    </context>
    <context>
        <name>Summary</name>
        <message>
            <source>under a minute</source>
            <translation>меньше минуты</translation>
        </message>
        <message numerus="yes">
            <source>%n hour(s)</source>
            <translation>
                <numerusform>%n час</numerusform>
                <numerusform>%n часа</numerusform>
                <numerusform>%n часов</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n minute(s)</source>
            <translation>
                <numerusform>%n минута</numerusform>
                <numerusform>%n минуты</numerusform>
                <numerusform>%n минут</numerusform>
            </translation>
        </message>
        <message>
            <source>Winner: %1.</source>
            <translation>Победа: %1.</translation>
        </message>
        <message>
            <source>The game is a draw.</source>
            <translation>Ничья.</translation>
        </message>
        <message numerus="yes">
            <source>%n turn(s) played.</source>
            <translation>
                <numerusform>Сыгран %n ход.</numerusform>
                <numerusform>Сыграно %n хода.</numerusform>
                <numerusform>Сыграно %n ходов.</numerusform>
            </translation>
        </message>
        <message>
            <source>It lasted %1.</source>
            <translation>Длительность: %1.</translation>
        </message>
        <message>
            <source>Biggest swing: %1 %2 life in turn %3.</source>
            <translation>Самый резкий скачок жизни: %1 %2 (ход %3).</translation>
        </message>
    </context>
    <context>
        <name>TableCard</name>
        <message numerus="yes">
            <source>+%n min</source>
            <translation>
                <numerusform>+%n мин</numerusform>
                <numerusform>+%n мин</numerusform>
                <numerusform>+%n мин</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Extension: %n minute(s) (MTR 2.6)</source>
            <translation>
                <numerusform>Продление: %n минута (MTR 2.6)</numerusform>
                <numerusform>Продление: %n минуты (MTR 2.6)</numerusform>
                <numerusform>Продление: %n минут (MTR 2.6)</numerusform>
            </translation>
        </message>
        <message>
            <source>Table %1: %2</source>
            <translation>Стол %1: %2</translation>
        </message>
    </context>
    <context>
        <name>TableView</name>
        <message>
            <source>Warning</source>
            <translation>Предупреждение</translation>
        </message>
        <message>
            <source>Game status</source>
            <translation>Состояние партии</translation>
        </message>
        <message>
            <source>Game summary</source>
            <translation>Итоги партии</translation>
        </message>
        <message>
            <source>Life graph</source>
            <translation>График жизни</translation>
        </message>
        <message>
            <source>Each team's life over the game (Ctrl+G)</source>
            <translation>Жизнь каждой стороны за партию (Ctrl+G)</translation>
        </message>
        <message>
            <source>%1: %2 life, %3 poison</source>
            <translation>%1: жизнь %2, яд %3</translation>
        </message>
        <message>
            <source>%1: %2 life</source>
            <translation>%1: жизнь %2</translation>
        </message>
        <message>
            <source>%1 are out</source>
            <translation>%1 вне игры</translation>
        </message>
        <message>
            <source>%1 draw</source>
            <translation>%1: ничья</translation>
        </message>
        <message>
            <source>%1 win</source>
            <translation>%1 побеждают</translation>
        </message>
        <message>
            <source>%1 is out</source>
            <translation>%1 вне игры</translation>
        </message>
        <message>
            <source>%1 draws</source>
            <translation>%1: ничья</translation>
        </message>
        <message>
            <source>%1 wins</source>
            <translation>%1 побеждает</translation>
        </message>
        <message>
            <source>%1 win! — %2</source>
            <translation>%1 побеждают! — %2</translation>
        </message>
        <message>
            <source>%1 wins! — %2</source>
            <translation>%1 побеждает! — %2</translation>
        </message>
        <message>
            <source>The game is a draw. — %1</source>
            <translation>Ничья. — %1</translation>
        </message>
        <message>
            <source>The game is a draw.</source>
            <translation>Ничья.</translation>
        </message>
        <message>
            <source>Die roll: %1 start. %2</source>
            <translation>Жребий: начинают %1. %2</translation>
        </message>
        <message>
            <source>Die roll: %1 starts. %2</source>
            <translation>Жребий: начинает %1. %2</translation>
        </message>
        <message>
            <source>Turn %1 — %2’s turn</source>
            <translation>Ход %1 — очередь: %2</translation>
        </message>
        <message>
            <source>Set life…</source>
            <translation>Задать жизнь…</translation>
        </message>
        <message>
            <source>Pay life…</source>
            <translation>Заплатить жизнь…</translation>
        </message>
        <message>
            <source>Exchange life with</source>
            <translation>Обменяться жизнью с</translation>
        </message>
        <message>
            <source>Concede…</source>
            <translation>Сдаться…</translation>
        </message>
        <message>
            <source>Loses the game (decked, or an effect)…</source>
            <translation>Проигрывает (пустая библиотека или эффект)…</translation>
        </message>
        <message>
            <source>Wins the game (an effect)…</source>
            <translation>Выигрывает (эффект)…</translation>
        </message>
        <message>
            <source>Plays two partner commanders</source>
            <translation>Два командира-партнёра</translation>
        </message>
        <message>
            <source>Two commander damage counters per opponent (CR 903.10a).</source>
            <translation>Два счётчика урона от командиров на каждого соперника (CR 903.10a).</translation>
        </message>
        <message>
            <source>%1 (whole team)</source>
            <translation>%1 (вся команда)</translation>
        </message>
        <message>
            <source>Set life</source>
            <translation>Задать жизнь</translation>
        </message>
        <message>
            <source>Set %1’s life to (%2 to %3):</source>
            <translation>%1 — новое значение жизни (от %2 до %3):</translation>
        </message>
        <message>
            <source>%1 pays how much life? (0 to %2)</source>
            <translation>Сколько жизни платит %1? (от 0 до %2)</translation>
        </message>
        <message>
            <source>Pay life</source>
            <translation>Заплатить жизнь</translation>
        </message>
        <message>
            <source>Does %1 concede? %2 leave the game with them (CR 810.8b).</source>
            <translation>%1 сдаётся? Команда %2 выходит из игры целиком (CR 810.8b).</translation>
        </message>
        <message>
            <source>Does %1 concede? (CR 104.3a)</source>
            <translation>%1 сдаётся? (CR 104.3a)</translation>
        </message>
        <message>
            <source>Concede</source>
            <translation>Сдаться</translation>
        </message>
        <message>
            <source>Loses the game</source>
            <translation>Поражение</translation>
        </message>
        <message>
            <source>%1 loses the game (decked, or an effect)?</source>
            <translation>%1 проигрывает партию (пустая библиотека или эффект)?</translation>
        </message>
        <message>
            <source>Wins the game</source>
            <translation>Победа</translation>
        </message>
        <message>
            <source>%1 wins the game by an effect?</source>
            <translation>%1 выигрывает партию благодаря эффекту?</translation>
        </message>
        <message>
            <source>Draw</source>
            <translation>Ничья</translation>
        </message>
        <message>
            <source>Declare the game a draw for everyone still playing?</source>
            <translation>Объявить ничью для всех, кто ещё в игре?</translation>
        </message>
    </context>
    <context>
        <name>TablesDialog</name>
        <message>
            <source>Settings — %1</source>
            <translation>Настройки — %1</translation>
        </message>
        <message numerus="yes">
            <source>%n Swiss round(s)</source>
            <translation>
                <numerusform>%n раунд по швейцарке</numerusform>
                <numerusform>%n раунда по швейцарке</numerusform>
                <numerusform>%n раундов по швейцарке</numerusform>
            </translation>
        </message>
        <message>
            <source>Best of 1</source>
            <translation>Одна партия</translation>
        </message>
        <message>
            <source>Best of 3</source>
            <translation>До двух побед</translation>
        </message>
        <message>
            <source>%1: %2, %3, %4-minute rounds.</source>
            <translation>%1: %2, %3, раунды по %4 мин.</translation>
        </message>
        <message>
            <source>Tables change from the next round paired on.</source>
            <translation>Столы меняются со следующего составленного раунда.</translation>
        </message>
    </context>
    <context>
        <name>TablesFields</name>
        <message>
            <source>A team at the same table every round, one a line:
Ann &amp; Bob = 5</source>
            <translation>Команда за одним и тем же столом в каждом раунде, по одной в строке:
Аня &amp; Боря = 5</translation>
        </message>
        <message>
            <source>For a player who needs an accessible seat: that team's table number</source>
            <translation>Для игрока, которому нужно доступное место: номер стола этой команды</translation>
        </message>
        <message>
            <source>Never used, for example 1, 2</source>
            <translation>Не используются, например 1, 2</translation>
        </message>
        <message>
            <source>Table numbers no team is seated at (a judge station)</source>
            <translation>Номера столов, за которые никого не сажают (место судьи)</translation>
        </message>
        <message>
            <source>Fixed tables</source>
            <translation>Закреплённые столы</translation>
        </message>
        <message>
            <source>Tables never used</source>
            <translation>Неиспользуемые столы</translation>
        </message>
        <message>
            <source>Fixed tables, line %1: write the team, =, its table: Ann &amp; Bob = 5.</source>
            <translation>Закреплённые столы, строка %1: напишите команду, =, её стол: Ann &amp; Bob = 5.</translation>
        </message>
        <message>
            <source>Tables never used: write table numbers, as in 1, 2.</source>
            <translation>Неиспользуемые столы: напишите номера столов, например 1, 2.</translation>
        </message>
    </context>
    <context>
        <name>TeamPanel</name>
        <message>
            <source>house rule</source>
            <translation>дом. правило</translation>
        </message>
        <message>
            <source>Starting life or the poison limit differ from the rules.</source>
            <translation>Начальная жизнь или предел яда не такие, как в правилах.</translation>
        </message>
        <message>
            <source>%1: %2 life, %3 poison</source>
            <translation>%1: жизнь %2, яд %3</translation>
        </message>
        <message>
            <source>%1: %2 of %3 poison</source>
            <translation>%1: яд %2 из %3</translation>
        </message>
        <message>
            <source>▶ turn %1</source>
            <translation>▶ ход %1</translation>
        </message>
        <message>
            <source>Winner: %1 — %2</source>
            <translation>Победа: %1 — %2</translation>
        </message>
        <message>
            <source>Out: %1 — %2</source>
            <translation>Вне игры: %1 — %2</translation>
        </message>
        <message>
            <source>Draw: %1 — %2</source>
            <translation>Ничья: %1 — %2</translation>
        </message>
        <message>
            <source>playing</source>
            <translation>в игре</translation>
        </message>
        <message>
            <source>won</source>
            <translation>победа</translation>
        </message>
        <message>
            <source>lost</source>
            <translation>поражение</translation>
        </message>
        <message>
            <source>drawn</source>
            <translation>ничья</translation>
        </message>
        <message>
            <source>life %1, poison %2 of %3, %4</source>
            <translation>жизнь %1, яд %2 из %3, %4</translation>
        </message>
        <message>
            <source>%1: %2 life pending</source>
            <translation>%1: жизнь %2 (ожидает)</translation>
        </message>
        <message>
            <source>%1: no life pending</source>
            <translation>%1: изменений жизни не ожидается</translation>
        </message>
        <message>
            <source>%1: %2 poison pending</source>
            <translation>%1: яд %2 (ожидает)</translation>
        </message>
        <message>
            <source>%1: no poison pending</source>
            <translation>%1: изменений яда не ожидается</translation>
        </message>
    </context>
    <context>
        <name>Tile</name>
        <message numerus="yes">
            <source>+%n min</source>
            <translation>
                <numerusform>+%n мин</numerusform>
                <numerusform>+%n мин</numerusform>
                <numerusform>+%n мин</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Variants</name>
        <message>
            <source>Two-Headed Giant</source>
            <translation>Двухголовый гигант</translation>
        </message>
        <message>
            <source>Three-Headed Giant</source>
            <translation>Трёхголовый гигант</translation>
        </message>
        <message>
            <source>Four-Headed Giant</source>
            <translation>Четырёхголовый гигант</translation>
        </message>
        <message>
            <source>Five-Headed Giant</source>
            <translation>Пятиголовый гигант</translation>
        </message>
        <message>
            <source>Six-Headed Giant</source>
            <translation>Шестиголовый гигант</translation>
        </message>
        <message>
            <source>%1-Headed Giant</source>
            <translation>Гигант с %1 головами</translation>
        </message>
        <message numerus="yes">
            <source>Commander, %n player(s)</source>
            <translation>
                <numerusform>Командир, %n игрок</numerusform>
                <numerusform>Командир, %n игрока</numerusform>
                <numerusform>Командир, %n игроков</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Free-for-all, %n player(s)</source>
            <translation>
                <numerusform>Каждый сам за себя, %n игрок</numerusform>
                <numerusform>Каждый сам за себя, %n игрока</numerusform>
                <numerusform>Каждый сам за себя, %n игроков</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Words</name>
        <message>
            <source>can't lose the game</source>
            <translation>не проигрывает</translation>
        </message>
        <message>
            <source>can't win the game</source>
            <translation>не выигрывает</translation>
        </message>
        <message>
            <source>can't gain life</source>
            <translation>не получает жизнь</translation>
        </message>
        <message>
            <source>can't lose life</source>
            <translation>не теряет жизнь</translation>
        </message>
        <message>
            <source>can't get poison</source>
            <translation>не получает яд</translation>
        </message>
        <message>
            <source>player %1</source>
            <translation>игрок %1</translation>
        </message>
        <message>
            <source>team %1</source>
            <translation>команда %1</translation>
        </message>
        <message>
            <source>%1's second commander</source>
            <translation>второго командира %1</translation>
        </message>
        <message>
            <source>%1's commander</source>
            <translation>командира %1</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n damage</source>
            <translation>
                <numerusform>%1: %n урон</numerusform>
                <numerusform>%1: %n урона</numerusform>
                <numerusform>%1: %n урона</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: %n combat damage from %2</source>
            <translation>
                <numerusform>%1: %n боевой урон от %2</numerusform>
                <numerusform>%1: %n боевого урона от %2</numerusform>
                <numerusform>%1: %n боевого урона от %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: loses %n life</source>
            <translation>
                <numerusform>%1: теряет %n жизнь</numerusform>
                <numerusform>%1: теряет %n жизни</numerusform>
                <numerusform>%1: теряет %n жизней</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: gains %n life</source>
            <translation>
                <numerusform>%1: получает %n жизнь</numerusform>
                <numerusform>%1: получает %n жизни</numerusform>
                <numerusform>%1: получает %n жизней</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: pays %n life</source>
            <translation>
                <numerusform>%1: платит %n жизнь</numerusform>
                <numerusform>%1: платит %n жизни</numerusform>
                <numerusform>%1: платит %n жизней</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: life set to %2</source>
            <translation>%1: жизнь теперь %2</translation>
        </message>
        <message>
            <source>%1 and %2 exchange life totals</source>
            <translation>%1 и %2 обмениваются количеством жизни</translation>
        </message>
        <message numerus="yes">
            <source>%1: +%n poison</source>
            <translation>
                <numerusform>%1: +%n счётчик яда</numerusform>
                <numerusform>%1: +%n счётчика яда</numerusform>
                <numerusform>%1: +%n счётчиков яда</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: −%n poison</source>
            <translation>
                <numerusform>%1: −%n счётчик яда</numerusform>
                <numerusform>%1: −%n счётчика яда</numerusform>
                <numerusform>%1: −%n счётчиков яда</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: 0 poison</source>
            <translation>%1: 0 счётчиков яда</translation>
        </message>
        <message>
            <source>%1 concedes</source>
            <translation>%1 сдаётся</translation>
        </message>
        <message>
            <source>%1 loses the game</source>
            <translation>%1 проигрывает партию</translation>
        </message>
        <message>
            <source>%1 wins the game</source>
            <translation>%1 выигрывает партию</translation>
        </message>
        <message>
            <source>the game is a draw</source>
            <translation>партия закончилась вничью</translation>
        </message>
        <message>
            <source>%1: %2 on</source>
            <translation>%1: теперь %2</translation>
        </message>
        <message>
            <source>%1: %2 ends</source>
            <translation>%1: эффект «%2» закончился</translation>
        </message>
        <message>
            <source>the turn passes</source>
            <translation>ход переходит</translation>
        </message>
        <message>
            <source>the match ends at time: the highest life total wins</source>
            <translation>время матча вышло: побеждает тот, у кого больше жизни</translation>
        </message>
        <message>
            <source>the match ends at time: a draw</source>
            <translation>время матча вышло: ничья</translation>
        </message>
        <message>
            <source>starting: %1, the highest roll (CR 103.1)</source>
            <translation>начинают: %1, наибольший бросок (CR 103.1)</translation>
        </message>
        <message>
            <source>starting: %1, chosen by %2 (CR 103.1)</source>
            <translation>начинают: %1, выбор — %2 (CR 103.1)</translation>
        </message>
        <message>
            <source>starting: %1, chosen at the table (CR 103.1)</source>
            <translation>начинают: %1, выбрано за столом (CR 103.1)</translation>
        </message>
        <message>
            <source>d%1 for %2: %3</source>
            <translation>d%1 за %2: %3</translation>
        </message>
        <message>
            <source>d%1: %2</source>
            <translation>d%1: %2</translation>
        </message>
        <message>
            <source>coin flip: heads</source>
            <translation>монета: орёл</translation>
        </message>
        <message>
            <source>coin flip: tails</source>
            <translation>монета: решка</translation>
        </message>
        <message>
            <source>%1 becomes the monarch</source>
            <translation>%1 становится монархом</translation>
        </message>
        <message>
            <source>%1 takes the initiative</source>
            <translation>%1 берёт инициативу</translation>
        </message>
        <message>
            <source>%1 casts their second commander from the command zone</source>
            <translation>%1 разыгрывает второго командира из командной зоны</translation>
        </message>
        <message>
            <source>%1 casts their commander from the command zone</source>
            <translation>%1 разыгрывает командира из командной зоны</translation>
        </message>
        <message>
            <source>%1: casts of their second commander %2</source>
            <translation>%1: розыгрыши второго командира %2</translation>
        </message>
        <message>
            <source>%1: casts of their commander %2</source>
            <translation>%1: розыгрыши командира %2</translation>
        </message>
        <message numerus="yes">
            <source>%1: +%n %2 counter(s)</source>
            <translation>
                <numerusform>%1: +%n счётчик %2</numerusform>
                <numerusform>%1: +%n счётчика %2</numerusform>
                <numerusform>%1: +%n счётчиков %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: −%n %2 counter(s)</source>
            <translation>
                <numerusform>%1: −%n счётчик %2</numerusform>
                <numerusform>%1: −%n счётчика %2</numerusform>
                <numerusform>%1: −%n счётчиков %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>storm count +%n</source>
            <translation>
                <numerusform>счёт шторма +%n</numerusform>
                <numerusform>счёт шторма +%n</numerusform>
                <numerusform>счёт шторма +%n</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>storm count −%n</source>
            <translation>
                <numerusform>счёт шторма −%n</numerusform>
                <numerusform>счёт шторма −%n</numerusform>
                <numerusform>счёт шторма −%n</numerusform>
            </translation>
        </message>
        <message>
            <source>it becomes day</source>
            <translation>наступает день</translation>
        </message>
        <message>
            <source>it becomes night</source>
            <translation>наступает ночь</translation>
        </message>
        <message numerus="yes">
            <source>%1: would take %n damage</source>
            <translation>
                <numerusform>%1: получить %n урон</numerusform>
                <numerusform>%1: получить %n урона</numerusform>
                <numerusform>%1: получить %n урона</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would take %n combat damage from %2</source>
            <translation>
                <numerusform>%1: получить %n боевой урон от %2</numerusform>
                <numerusform>%1: получить %n боевого урона от %2</numerusform>
                <numerusform>%1: получить %n боевого урона от %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would lose %n life</source>
            <translation>
                <numerusform>%1: потерять %n жизнь</numerusform>
                <numerusform>%1: потерять %n жизни</numerusform>
                <numerusform>%1: потерять %n жизней</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would gain %n life</source>
            <translation>
                <numerusform>%1: получить %n жизнь</numerusform>
                <numerusform>%1: получить %n жизни</numerusform>
                <numerusform>%1: получить %n жизней</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would pay %n life</source>
            <translation>
                <numerusform>%1: заплатить %n жизнь</numerusform>
                <numerusform>%1: заплатить %n жизни</numerusform>
                <numerusform>%1: заплатить %n жизней</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: life would be set to %2</source>
            <translation>%1: установить жизнь %2</translation>
        </message>
        <message>
            <source>%1 and %2 would exchange life totals</source>
            <translation>%1 и %2: обмен количеством жизни</translation>
        </message>
        <message numerus="yes">
            <source>%1: would get %n poison</source>
            <translation>
                <numerusform>%1: получить %n счётчик яда</numerusform>
                <numerusform>%1: получить %n счётчика яда</numerusform>
                <numerusform>%1: получить %n счётчиков яда</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would lose %n poison</source>
            <translation>
                <numerusform>%1: снять %n счётчик яда</numerusform>
                <numerusform>%1: снять %n счётчика яда</numerusform>
                <numerusform>%1: снять %n счётчиков яда</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 would concede</source>
            <translation>%1: сдаться</translation>
        </message>
        <message>
            <source>%1 would lose the game</source>
            <translation>%1: проиграть партию</translation>
        </message>
        <message>
            <source>%1 would win the game</source>
            <translation>%1: выиграть партию</translation>
        </message>
        <message>
            <source>the game would be a draw</source>
            <translation>партия: ничья</translation>
        </message>
        <message>
            <source>%1: %2 would start</source>
            <translation>%1: начало эффекта «%2»</translation>
        </message>
        <message>
            <source>%1: %2 would end</source>
            <translation>%1: конец эффекта «%2»</translation>
        </message>
        <message>
            <source>the turn would pass</source>
            <translation>передать ход</translation>
        </message>
        <message>
            <source>the match would end at time</source>
            <translation>завершить матч по времени</translation>
        </message>
        <message>
            <source>%1 would become the monarch</source>
            <translation>%1 стал(а) бы монархом</translation>
        </message>
        <message>
            <source>%1 would take the initiative</source>
            <translation>%1 взял(а) бы инициативу</translation>
        </message>
        <message>
            <source>%1 would cast their commander</source>
            <translation>%1 разыграл(а) бы командира</translation>
        </message>
        <message numerus="yes">
            <source>%1: would get %n %2 counter(s)</source>
            <translation>
                <numerusform>%1: получил(а) бы %n счётчик %2</numerusform>
                <numerusform>%1: получил(а) бы %n счётчика %2</numerusform>
                <numerusform>%1: получил(а) бы %n счётчиков %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would lose %n %2 counter(s)</source>
            <translation>
                <numerusform>%1: потерял(а) бы %n счётчик %2</numerusform>
                <numerusform>%1: потерял(а) бы %n счётчика %2</numerusform>
                <numerusform>%1: потерял(а) бы %n счётчиков %2</numerusform>
            </translation>
        </message>
        <message>
            <source>%1, but %2 %3%4</source>
            <translation>%1, но %2: %3%4</translation>
        </message>
        <message>
            <source>%1, but %2%3</source>
            <translation>%1, но %2%3</translation>
        </message>
        <message>
            <source>Redone: %1.</source>
            <translation>Повторено: %1.</translation>
        </message>
        <message>
            <source>Undone: %1.</source>
            <translation>Отменено: %1.</translation>
        </message>
        <message>
            <source>energy</source>
            <translation>энергии</translation>
        </message>
        <message>
            <source>experience</source>
            <translation>опыта</translation>
        </message>
        <message>
            <source>rad</source>
            <translation>радиации</translation>
        </message>
        <message>
            <source>ticket</source>
            <translation>билетов</translation>
        </message>
    </context>
    <context>
        <name>i18n</name>
        <message>
            <source>en</source>
            <comment>the code of this translation's language (seeds/rules.&lt;code&gt;.json)</comment>
            <translation>ru</translation>
        </message>
    </context>
</TS>
