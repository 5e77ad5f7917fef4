<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
    <context>
        <name>DeskWindow</name>
        <message numerus="yes">
            <source>%n day(s)</source>
            <translation>
                <numerusform>%n day</numerusform>
                <numerusform>%n days</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n hour(s)</source>
            <translation>
                <numerusform>%n hour</numerusform>
                <numerusform>%n hours</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n minute(s)</source>
            <translation>
                <numerusform>%n minute</numerusform>
                <numerusform>%n minutes</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>EventModel</name>
        <message numerus="yes">
            <source>Time (MTR 2.4): this turn finishes, then %n additional turn(s); N counts them.</source>
            <translation>
                <numerusform>Time (MTR 2.4): this turn finishes, then %n additional turn; N counts them.</numerusform>
                <numerusform>Time (MTR 2.4): this turn finishes, then %n additional turns; N counts them.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Table %1: %2 has %n poison counter(s), so %3 can't be removed.</source>
            <translation>
                <numerusform>Table %1: %2 has %n poison counter, so %3 can't be removed.</numerusform>
                <numerusform>Table %1: %2 has %n poison counters, so %3 can't be removed.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>EventRules</name>
        <message numerus="yes">
            <source>Free-for-all pods of %n</source>
            <translation>
                <numerusform>Free-for-all pods of %n</numerusform>
                <numerusform>Free-for-all pods of %n</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Commander pods of %n</source>
            <translation>
                <numerusform>Commander pods of %n</numerusform>
                <numerusform>Commander pods of %n</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>HeadRow</name>
        <message numerus="yes">
            <source>%1: gain %n life</source>
            <translation>
                <numerusform>%1: gain %n life</numerusform>
                <numerusform>%1: gain %n life</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: lose %n life</source>
            <translation>
                <numerusform>%1: lose %n life</numerusform>
                <numerusform>%1: lose %n life</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: add %n poison</source>
            <translation>
                <numerusform>%1: add %n poison</numerusform>
                <numerusform>%1: add %n poison</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: remove %n poison</source>
            <translation>
                <numerusform>%1: remove %n poison</numerusform>
                <numerusform>%1: remove %n poison</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>HistoryView</name>
        <message numerus="yes">
            <source>%n event(s). The latest: %1</source>
            <translation>
                <numerusform>%n event. The latest: %1</numerusform>
                <numerusform>%n events. The latest: %1</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>LateTeamDialog</name>
        <message numerus="yes">
            <source>Count the %n round(s) it missed as match losses</source>
            <translation>
                <numerusform>Count the %n round it missed as match losses</numerusform>
                <numerusform>Count the %n rounds it missed as match losses</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>LifeGraph</name>
        <message numerus="yes">
            <source>Life after %n event(s): %1</source>
            <translation>
                <numerusform>Life after %n event: %1</numerusform>
                <numerusform>Life after %n events: %1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n event(s)</source>
            <translation>
                <numerusform>%n event</numerusform>
                <numerusform>%n events</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>MarkWords</name>
        <message numerus="yes">
            <source>%1’s second commander: cast %n time(s), tax +%2</source>
            <translation>
                <numerusform>%1’s second commander: cast %n time, tax +%2</numerusform>
                <numerusform>%1’s second commander: cast %n times, tax +%2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1’s commander: cast %n time(s), tax +%2</source>
            <translation>
                <numerusform>%1’s commander: cast %n time, tax +%2</numerusform>
                <numerusform>%1’s commander: cast %n times, tax +%2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: %n %2 counter(s)</source>
            <translation>
                <numerusform>%1: %n %2 counter</numerusform>
                <numerusform>%1: %n %2 counters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n spell(s) cast this turn.</source>
            <translation>
                <numerusform>%n spell cast this turn.</numerusform>
                <numerusform>%n spells cast this turn.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>NewGameDialog</name>
        <message numerus="yes">
            <source>At most %n characters.</source>
            <translation>
                <numerusform>At most %n characters.</numerusform>
                <numerusform>At most %n characters.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>A name can be at most %n characters long; the field stops there.</source>
            <translation>
                <numerusform>A name can be at most %n characters long; the field stops there.</numerusform>
                <numerusform>A name can be at most %n characters long; the field stops there.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Rules</name>
        <message numerus="yes">
            <source>%1 names given for %n player(s).</source>
            <translation>
                <numerusform>%1 names given for %n player.</numerusform>
                <numerusform>%1 names given for %n players.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 team names given for %n team(s).</source>
            <translation>
                <numerusform>%1 team names given for %n team.</numerusform>
                <numerusform>%1 team names given for %n teams.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1’s commander was cast %n time(s) from the command zone: no more casts to take back (CR 903.8).</source>
            <translation>
                <numerusform>%1’s commander was cast %n time from the command zone: no more casts to take back (CR 903.8).</numerusform>
                <numerusform>%1’s commander was cast %n times from the command zone: no more casts to take back (CR 903.8).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 has %n %2 counter(s): no more to remove (CR 122.1).</source>
            <translation>
                <numerusform>%1 has %n %2 counter: no more to remove (CR 122.1).</numerusform>
                <numerusform>%1 has %n %2 counters: no more to remove (CR 122.1).</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Session</name>
        <message numerus="yes">
            <source>%n game(s) in the journal could not be read: %1</source>
            <translation>
                <numerusform>%n game in the journal could not be read: %1</numerusform>
                <numerusform>%n games in the journal could not be read: %1</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Steps</name>
        <message numerus="yes">
            <source>%1 missed %n round(s): each counts as a match loss with no games (in MW%, not in GW%).</source>
            <translation>
                <numerusform>%1 missed %n round: each counts as a match loss with no games (in MW%, not in GW%).</numerusform>
                <numerusform>%1 missed %n rounds: each counts as a match loss with no games (in MW%, not in GW%).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1 missed %n round(s): they count for nothing (no losses, a house rule).</source>
            <translation>
                <numerusform>%1 missed %n round: they count for nothing (no losses, a house rule).</numerusform>
                <numerusform>%1 missed %n rounds: they count for nothing (no losses, a house rule).</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Summary</name>
        <message numerus="yes">
            <source>%n hour(s)</source>
            <translation>
                <numerusform>%n hour</numerusform>
                <numerusform>%n hours</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n minute(s)</source>
            <translation>
                <numerusform>%n minute</numerusform>
                <numerusform>%n minutes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n turn(s) played.</source>
            <translation>
                <numerusform>%n turn played.</numerusform>
                <numerusform>%n turns played.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>TableCard</name>
        <message numerus="yes">
            <source>+%n min</source>
            <translation>
                <numerusform>+%n min</numerusform>
                <numerusform>+%n min</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Extension: %n minute(s) (MTR 2.6)</source>
            <translation>
                <numerusform>Extension: %n minute (MTR 2.6)</numerusform>
                <numerusform>Extension: %n minutes (MTR 2.6)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>TablesDialog</name>
        <message numerus="yes">
            <source>%n Swiss round(s)</source>
            <translation>
                <numerusform>%n Swiss round</numerusform>
                <numerusform>%n Swiss rounds</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Tile</name>
        <message numerus="yes">
            <source>+%n min</source>
            <translation>
                <numerusform>+%n min</numerusform>
                <numerusform>+%n min</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Variants</name>
        <message numerus="yes">
            <source>Commander, %n player(s)</source>
            <translation>
                <numerusform>Commander, %n player</numerusform>
                <numerusform>Commander, %n players</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Free-for-all, %n player(s)</source>
            <translation>
                <numerusform>Free-for-all, %n player</numerusform>
                <numerusform>Free-for-all, %n players</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Words</name>
        <message numerus="yes">
            <source>%1: %n damage</source>
            <translation>
                <numerusform>%1: %n damage</numerusform>
                <numerusform>%1: %n damage</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: %n combat damage from %2</source>
            <translation>
                <numerusform>%1: %n combat damage from %2</numerusform>
                <numerusform>%1: %n combat damage from %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: loses %n life</source>
            <translation>
                <numerusform>%1: loses %n life</numerusform>
                <numerusform>%1: loses %n life</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: gains %n life</source>
            <translation>
                <numerusform>%1: gains %n life</numerusform>
                <numerusform>%1: gains %n life</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: pays %n life</source>
            <translation>
                <numerusform>%1: pays %n life</numerusform>
                <numerusform>%1: pays %n life</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: +%n poison</source>
            <translation>
                <numerusform>%1: +%n poison</numerusform>
                <numerusform>%1: +%n poison</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: −%n poison</source>
            <translation>
                <numerusform>%1: −%n poison</numerusform>
                <numerusform>%1: −%n poison</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: +%n %2 counter(s)</source>
            <translation>
                <numerusform>%1: +%n %2 counter</numerusform>
                <numerusform>%1: +%n %2 counters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: −%n %2 counter(s)</source>
            <translation>
                <numerusform>%1: −%n %2 counter</numerusform>
                <numerusform>%1: −%n %2 counters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>storm count +%n</source>
            <translation>
                <numerusform>storm count +%n</numerusform>
                <numerusform>storm count +%n</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>storm count −%n</source>
            <translation>
                <numerusform>storm count −%n</numerusform>
                <numerusform>storm count −%n</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would take %n damage</source>
            <translation>
                <numerusform>%1: would take %n damage</numerusform>
                <numerusform>%1: would take %n damage</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would take %n combat damage from %2</source>
            <translation>
                <numerusform>%1: would take %n combat damage from %2</numerusform>
                <numerusform>%1: would take %n combat damage from %2</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would lose %n life</source>
            <translation>
                <numerusform>%1: would lose %n life</numerusform>
                <numerusform>%1: would lose %n life</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would gain %n life</source>
            <translation>
                <numerusform>%1: would gain %n life</numerusform>
                <numerusform>%1: would gain %n life</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would pay %n life</source>
            <translation>
                <numerusform>%1: would pay %n life</numerusform>
                <numerusform>%1: would pay %n life</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would get %n poison</source>
            <translation>
                <numerusform>%1: would get %n poison</numerusform>
                <numerusform>%1: would get %n poison</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would lose %n poison</source>
            <translation>
                <numerusform>%1: would lose %n poison</numerusform>
                <numerusform>%1: would lose %n poison</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would get %n %2 counter(s)</source>
            <translation>
                <numerusform>%1: would get %n %2 counter</numerusform>
                <numerusform>%1: would get %n %2 counters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%1: would lose %n %2 counter(s)</source>
            <translation>
                <numerusform>%1: would lose %n %2 counter</numerusform>
                <numerusform>%1: would lose %n %2 counters</numerusform>
            </translation>
        </message>
    </context>
</TS>
